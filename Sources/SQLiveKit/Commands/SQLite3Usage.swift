/// The usage text sqlite3 3.40 prints on standard output when `.import` or `.output` gets
/// the wrong arguments. Scripts and tests that compare stdout with sqlite3's see the same
/// bytes; sqlive's own error, with its hint, still goes to stderr. The words are sqlite3's
/// (they describe sqlite3's options; docs/SQLITE3.md says which of them sqlive has).
enum SQLite3Usage {
    /// `ERROR: PROBLEM Usage:` followed by the command's usage block; PROBLEM ends with its
    /// own full stop and spacing, which differ between sqlite3's messages.
    static func text(_ problem: String, usage: String) -> String {
        "ERROR: \(problem) Usage:\n" + usage
    }

    static let importCommand = """
        .import FILE TABLE       Import data from FILE into TABLE
           Options:
             --ascii               Use \\037 and \\036 as column and row separators
             --csv                 Use , and \\n as column and row separators
             --skip N              Skip the first N rows of input
             --schema S            Target table to be S.TABLE
             -v                    "Verbose" - increase auxiliary output
           Notes:
             *  If TABLE does not exist, it is created.  The first row of input
                determines the column names.
             *  If neither --csv or --ascii are used, the input mode is derived
                from the ".mode" output mode
             *  If FILE begins with "|" then it is a command that generates the
                input text.

        """

    static let outputCommand = """
        .output ?FILE?           Send output to FILE or stdout if FILE is omitted
           If FILE begins with '|' then open it as a pipe.
           Options:
             --bom                 Prefix output with a UTF8 byte-order mark
             -e                    Send output to the system text editor
             -x                    Send output as CSV to a spreadsheet

        """
}
