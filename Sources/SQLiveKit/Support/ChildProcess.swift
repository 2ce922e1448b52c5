#if canImport(Glibc)
import Glibc
#endif

/// A program the user named in `$PAGER`, `$VISUAL` or `$EDITOR`, started through `/bin/sh -c`
/// so that settings with options (`less -FRX`, `code --wait`) work as in other tools.
///
///     let pager = try ChildProcess(shellCommand: "less -FRX", environment: variables, feedsInput: true)
///     try pager.input?.write(bytes)
///     pager.closeInput()
///     let status = pager.wait()   // 0
///
/// The child shares our terminal (standard output and error, and standard input unless
/// `feedsInput`), and starts with the default handling of the signals we ignore or catch.
final class ChildProcess {
    let pid: pid_t
    /// The write end of the child's standard input when `feedsInput`, else nil.
    private(set) var input: FileDescriptorTarget?

    /// Starts `/bin/sh -c 'COMMAND "$@"' sqlive ARGUMENTS…`.
    init(shellCommand: String, arguments: [String] = [], environment: [String: String],
         feedsInput: Bool) throws(Diagnostic) {
        var pipeEnds: [Int32] = [-1, -1]
        if feedsInput {
            guard pipe(&pipeEnds) == 0 else {
                throw Diagnostic("cannot start \(shellCommand): \(String(cString: strerror(errno)))")
            }
            // Neither end may leak into this child or later ones: the child gets a copy as
            // its standard input, and a stray write end would keep it from seeing the end.
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        if feedsInput {
            posix_spawn_file_actions_adddup2(&fileActions, pipeEnds[0], 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGWINCH, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let script = arguments.isEmpty ? shellCommand : shellCommand + " \"$@\""
        let argv = (["/bin/sh", "-c", script, "sqlive"] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let status = posix_spawn(&pid, "/bin/sh", &fileActions, &attributes, argv, envp)
        if feedsInput { close(pipeEnds[0]) }
        guard status == 0 else {
            if feedsInput { close(pipeEnds[1]) }
            throw Diagnostic("cannot start \(shellCommand): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        if feedsInput {
            input = FileDescriptorTarget(fileDescriptor: pipeEnds[1], closesOnDeinit: true)
        }
    }

    /// Closes the child's standard input: it reads end of file.
    func closeInput() {
        input = nil
    }

    /// Waits for the child to end; returns its exit status, or 128 + the signal that ended it.
    func wait() -> Int32 {
        closeInput()
        var status: Int32 = 0
        while BlockingIO.during({ waitpid(pid, &status, 0) }) < 0 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Whether the first word of a shell command names a program that exists: `$PATH` is
    /// searched for bare names. The shell would otherwise fail only after we wrote to it.
    static func commandExists(_ shellCommand: String, path: String?) -> Bool {
        // Leading `NAME=value` words set variables for the program that follows.
        let words = shellCommand.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let program = words.first(where: { !$0.contains("=") }).map(String.init) else {
            return false
        }
        if program.contains("/") {
            return access(program, X_OK) == 0
        }
        let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return folders.contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
