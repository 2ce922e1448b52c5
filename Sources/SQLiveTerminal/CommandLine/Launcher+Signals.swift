import SQLiveKit

extension Launcher {
    /// Starts watching signals for the whole run (see ``SignalWatcher``); nil, with a
    /// warning, when the wake-up pipe can't be made, and then signals act as by default.
    func watchSignals(for session: Session, atPrompt: Bool) -> SignalWatcher? {
        do {
            return try SignalWatcher(stopRequest: session.stopRequest, atPrompt: atPrompt)
        } catch {
            session.warn("\(error.message); signals end sqlive without cleaning up")
            return nil
        }
    }
}
