import Foundation

/// The `.replrc` of the current folder: a project's init file, which runs only with the
/// consent of the person at the prompt, since anyone who could write to the folder (a
/// cloned repository, a shared drive) could have put anything in it.
///
/// Trust is given for a content, not a name: "always" records the file's absolute path with
/// the SHA-256 of its bytes in ``TrustedFiles`` (`~/.sqlive_trusted`), and a file whose
/// bytes changed since is asked about again. What runs is the content that was hashed, read
/// once, so a file swapped between the check and the run can't slip through.
///
/// Trust belongs to a place: the file is known by the folder it is in (that folder's
/// symbolic links resolved), not by where a symbolic link named `.replrc` points. A link
/// planted in a shared folder, pointing to a file trusted elsewhere, is asked about. Its
/// content is read through the link, with every link resolved first, and that is what is
/// hashed and run.
///
///     let project = ProjectInitFile(folder: "/work/app", home: "/home/me")
///     let text = project?.contentIfTrusted(ask: { question in
///         print(question)      // Run ./.replrc? It has not been trusted before. [y]es / [n]o / [a]lways
///         return .always
///     }, warn: { print($0) })
///     // text: the file's content, to run; /work/app/.replrc is trusted from now on
public struct ProjectInitFile {
    /// What the person answered.
    public enum Answer: Sendable, Equatable {
        case yes
        case no
        case always
    }

    /// Where the file is: the folder's absolute path, its symbolic links resolved, and
    /// `/.replrc`. The key of its trust.
    public let path: String
    /// The file whose content runs: every symbolic link resolved.
    public let resolvedPath: String
    private let bytes: [UInt8]
    private let trustStorePath: String

    /// The `.replrc` of `folder`, or nil when there is none (or it is not a readable file).
    public init?(folder: String, home: String) {
        let realFolder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let candidate = (realFolder as NSString).appendingPathComponent(".replrc")
        let target = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
        var status = stat()
        guard stat(target, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
              let data = FileManager.default.contents(atPath: target) else { return nil }
        path = candidate
        resolvedPath = target
        bytes = Array(data)
        trustStorePath = (home as NSString).appendingPathComponent(".sqlive_trusted")
    }

    /// The file's text when it may run: trusted before with this content, or the answer to
    /// `ask` is yes or always (always records the trust). Nil when it must not run.
    public func contentIfTrusted(ask: (String) -> Answer, warn: (String) -> Void) -> String? {
        var trusted = TrustedFiles(path: trustStorePath)
        if let problem = trusted.problem { warn(problem) }
        let digest = SHA256.hex(of: bytes)
        let reason: String
        switch trusted.verdict(for: path, digest: digest) {
        case .trusted:
            return text
        case .unknown:
            reason = "It has not been trusted before."
        case .changed:
            reason = "It has changed since you trusted it."
        }
        switch ask("Run ./.replrc? \(reason) [y]es / [n]o / [a]lways ") {
        case .no:
            return nil
        case .yes:
            return text
        case .always:
            do {
                try trusted.trust(path, digest: digest)
            } catch {
                warn("\(error.message); ./.replrc runs this time only")
            }
            return text
        }
    }

    private var text: String {
        String(decoding: bytes, as: UTF8.self)
    }
}
