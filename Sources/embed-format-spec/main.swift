import Foundation

// embed-format-spec SPEC OUTPUT: writes OUTPUT, a Swift file holding SPEC (the format's prose spec)
// as `EmbeddedFormatSpec.markdown`. Run by the EmbedFormatSpec build plugin, which passes both paths;
// a missing or unreadable file is thrown, and the build stops naming it.
let arguments = CommandLine.arguments
let text = try String(contentsOfFile: arguments[1], encoding: .utf8)
// A raw string's delimiter needs more #s than any run of them in the text.
let longestRun = text.split(whereSeparator: { $0 != "#" }).map(\.count).max() ?? 0
let hashes = String(repeating: "#", count: longestRun + 1)
let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
let swift = """
    /// Grammar/format.md as of the build: what `units man units.5` prints from.
    enum EmbeddedFormatSpec {
        static let markdown = \(hashes)\"\"\"
    \(body)
    \"\"\"\(hashes)
    }

    """
try swift.write(toFile: arguments[2], atomically: true, encoding: .utf8)
