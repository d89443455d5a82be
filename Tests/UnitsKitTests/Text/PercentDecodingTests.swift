import Testing
@testable import UnitsKit

/// The one percent-decoder, and the two rules its callers keep for a broken escape.
@Suite struct PercentDecodingTests {
    @Test func decodesEscapesInEitherCase() {
        #expect(PercentDecoding.bytes("a%20b%e8%AA%ad".utf8) == Array("a b読".utf8))
        #expect(HTTPParser.percentDecoded("/x%20y") == "/x y")
    }

    @Test func aBrokenEscapeIsRefusedOrKept() {
        for broken in ["%", "%4", "%4g", "a%zz", "%+1", "%-0"] {
            #expect(PercentDecoding.bytes(broken.utf8) == nil, "\(broken)")
            #expect(PercentDecoding.bytes(broken.utf8, keepingBroken: true) == Array(broken.utf8), "\(broken)")
            #expect(HTTPParser.percentDecoded(broken) == nil, "\(broken)")
        }
        #expect(HTTPParser.percentDecoded("%C3") == nil)   // not UTF-8
    }

    /// A sign is not a hex digit: `%+1` is a broken escape, kept, not byte 1.
    @Test func aFileURIKeepsABrokenEscape() {
        #expect(TextDocument.path(fromURI: "file:///a%+1b%zz%41") == "/a%+1b%zzA")
        #expect(TextDocument.path(fromURI: "file:///a%-0") == "/a%-0")
    }
}
