/// Where results go while `.output FILE` or `.once FILE` is in force.
enum OutputRedirection {
    case none
    /// `.output FILE`: until the next `.output`.
    case file(path: String)
    /// `.once FILE`: for the next unit only. `armed` turns true once the `.once` command
    /// itself has finished, so the unit after it is the one redirected.
    case once(path: String, armed: Bool)

    var isNone: Bool {
        if case .none = self { return true }
        return false
    }

    var displayName: String {
        switch self {
        case .none: "stdout"
        case .file(let path), .once(let path, _): path
        }
    }
}
