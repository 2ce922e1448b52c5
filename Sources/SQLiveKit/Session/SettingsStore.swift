/// The session's settings in one shared place: the session reads and changes them through
/// ``Session/settings``, and a command scope that may change settings holds this store, not
/// the session, so a change made by `.mode` is the session's at once.
///
/// Used on the session's thread only (see ``Session``'s Threading).
final class SettingsStore {
    var current: Settings

    init(_ settings: Settings) {
        current = settings
    }
}
