import Foundation

/// File names for the arguments of `.read`, `.open`, `.import`, `.output`, `.once` and
/// `.migrate`: the entries of the folder typed so far that start with the rest of the word,
/// folders with a trailing `/` (so Tab goes on into them, with no space after).
///
///     FileNameCompletion.candidates(for: "examples/sh", homeDirectory: home)   // ["examples/shop.db", "examples/shop.sql"]
///     FileNameCompletion.candidates(for: "ex", homeDirectory: home)            // ["examples/"]
///
/// Hidden entries are offered only when the name typed starts with a dot; `~/` stands for
/// the home folder. Names with spaces are left out: an argument with spaces must be quoted,
/// and the word completed is the raw text after the last space.
enum FileNameCompletion {
    /// `homeDirectory` nil (no usable HOME): `~/` completes nothing.
    static func candidates(for word: String, foldersOnly: Bool = false, homeDirectory: String?) -> [String] {
        let slash = word.lastIndex(of: "/")
        let folderPart = slash.map { String(word[...$0]) } ?? ""
        let namePrefix = slash.map { String(word[word.index(after: $0)...]) } ?? word
        var folder = folderPart.isEmpty ? "." : folderPart
        if folder.hasPrefix("~/") {
            guard let homeDirectory else { return [] }
            folder = homeDirectory + folder.dropFirst()
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.compactMap { name in
            guard name.hasPrefix(namePrefix), !name.contains(" "),
                  namePrefix.hasPrefix(".") || !name.hasPrefix(".") else { return nil }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(name), isDirectory: &isFolder)
            if isFolder.boolValue { return folderPart + name + "/" }
            return foldersOnly ? nil : folderPart + name
        }
    }
}
