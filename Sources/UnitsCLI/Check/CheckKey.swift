import UnitsKit

/// A key of the check-in screen.
enum CheckKey: Equatable {
    case up, down, mark(CheckState), cycle, plus, minus, digit(UInt8), enter, backspace, quit, other

    /// The keys in what one read returned (keys typed or sent quickly come together).
    static func keys(_ bytes: [UInt8]) -> [CheckKey] {
        var keys: [CheckKey] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x1B {
                // ESC [ A, ESC O A (arrows), ESC [ Z (Shift-Tab); a lone ESC leaves.
                if i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") || bytes[i + 1] == UInt8(ascii: "O") {
                    var end = i + 2
                    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                    switch end < bytes.count ? bytes[end] : 0 {
                    case UInt8(ascii: "A"), UInt8(ascii: "Z"): keys.append(.up)
                    case UInt8(ascii: "B"): keys.append(.down)
                    default: keys.append(.other)
                    }
                    i = end + 1
                    continue
                }
                keys.append(.quit)
                i += 1
                continue
            }
            switch byte {
            case 0x10: keys.append(.up)                       // Ctrl-P
            case 0x0E, 0x09: keys.append(.down)               // Ctrl-N, Tab
            case UInt8(ascii: "y"), UInt8(ascii: "Y"): keys.append(.mark(.yes))
            case UInt8(ascii: "k"), UInt8(ascii: "K"): keys.append(.mark(.kinda))
            case UInt8(ascii: "n"), UInt8(ascii: "N"): keys.append(.mark(.no))
            case UInt8(ascii: "s"), UInt8(ascii: "S"): keys.append(.mark(.skip))
            case UInt8(ascii: " "): keys.append(.cycle)
            case UInt8(ascii: "+"), UInt8(ascii: "="): keys.append(.plus)
            case UInt8(ascii: "-"), UInt8(ascii: "_"): keys.append(.minus)
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."): keys.append(.digit(byte))
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: keys.append(.quit)   // q, Ctrl-C, Ctrl-D
            default: keys.append(.other)
            }
            i += 1
        }
        return keys
    }
}
