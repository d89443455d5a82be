/// A QR code (ISO/IEC 18004) of a short text, for the pairing link: byte
/// mode, error correction level M, versions 1 to 6 (up to 106 bytes, far
/// more than a link with a pairing code needs), the mask with the lowest
/// penalty. After Project Nayuki's reference encoder.
public struct QRCode: Sendable {
    /// Modules, row by row; true is dark.
    public private(set) var modules: [[Bool]]
    public var size: Int { modules.count }
    var isFunction: [[Bool]]
    let version: Int

    /// Error-correction codewords per block and blocks, level M, by version.
    static let eccPerBlock = [0, 10, 16, 26, 18, 24, 16]
    static let blocks = [0, 1, 1, 1, 2, 2, 4]

    /// The code of `text`, or nil when it is longer than 106 bytes.
    public init?(_ text: String) {
        let data = Array(text.utf8)
        guard let version = (1...6).first(where: { Self.dataCodewords($0) * 8 >= 4 + 8 + data.count * 8 }) else { return nil }
        self.version = version
        let size = version * 4 + 17
        modules = Array(repeating: Array(repeating: false, count: size), count: size)
        isFunction = modules
        drawFunctionPatterns()
        // Mode 0100 (bytes), an 8-bit count, the bytes, a terminator, padding.
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) { for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) } }
        append(4, 4)
        append(data.count, 8)
        for byte in data { append(Int(byte), 8) }
        let capacity = Self.dataCodewords(version) * 8
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var codewords: [UInt8] = stride(from: 0, to: bits.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { $0 << 1 | (bits[start + $1] ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while codewords.count < Self.dataCodewords(version) { codewords.append(pad); pad ^= 0xEC ^ 0x11 }
        drawCodewords(addErrorCorrection(codewords))
        var best = 0, bestPenalty = Int.max
        for mask in 0..<8 {
            applyMask(mask)
            drawFormatBits(mask)
            let penalty = penaltyScore()
            if penalty < bestPenalty { best = mask; bestPenalty = penalty }
            applyMask(mask)
        }
        applyMask(best)
        drawFormatBits(best)
    }

    static func rawDataModules(_ version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let align = version / 7 + 2
            result -= (25 * align - 10) * align - 55
        }
        return result
    }

    static func dataCodewords(_ version: Int) -> Int {
        rawDataModules(version) / 8 - eccPerBlock[version] * blocks[version]
    }

    // MARK: Function patterns

    mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y][x] = dark
        isFunction[y][x] = true
    }

    mutating func drawFunctionPatterns() {
        for i in 0..<size {
            set(6, i, i % 2 == 0)
            set(i, 6, i % 2 == 0)
        }
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let x = cx + dx, y = cy + dy
                    guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                    let distance = max(abs(dx), abs(dy))
                    set(x, y, distance != 2 && distance != 4)
                }
            }
        }
        if version >= 2 {
            // Versions 2 to 6 have one alignment pattern, at (size-7, size-7).
            let c = size - 7
            for dy in -2...2 { for dx in -2...2 { set(c + dx, c + dy, max(abs(dx), abs(dy)) != 1) } }
        }
        drawFormatBits(0)
    }

    mutating func drawFormatBits(_ mask: Int) {
        let data = 0 << 3 | mask   // level M is 00
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { set(8, i, bit(i)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for i in 9..<15 { set(14 - i, 8, bit(i)) }
        for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
        set(8, size - 8, true)
    }

    // MARK: Data

    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for i in stride(from: 7, through: 0, by: -1) {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= Int((y >> UInt8(i)) & 1) * Int(x)
        }
        return UInt8(z & 0xFF)
    }

    static func divisor(_ degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                result[j] = multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    static func remainder(_ data: ArraySlice<UInt8>, _ divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for i in 0..<result.count { result[i] ^= multiply(divisor[i], factor) }
        }
        return result
    }

    func addErrorCorrection(_ data: [UInt8]) -> [UInt8] {
        let count = Self.blocks[version], eccLength = Self.eccPerBlock[version]
        let raw = Self.rawDataModules(version) / 8
        let shortBlocks = count - raw % count
        let shortLength = raw / count
        let divisor = Self.divisor(eccLength)
        var blocks: [[UInt8]] = []
        var k = 0
        for i in 0..<count {
            let length = shortLength - eccLength + (i < shortBlocks ? 0 : 1)
            var block = Array(data[k..<k + length])
            k += length
            let ecc = Self.remainder(block[...], divisor)
            if i < shortBlocks { block.append(0) }
            blocks.append(block + ecc)
        }
        var result: [UInt8] = []
        for i in 0..<blocks[0].count {
            for j in 0..<blocks.count where i != shortLength - eccLength || j >= shortBlocks {
                result.append(blocks[j][i])
            }
        }
        return result
    }

    mutating func drawCodewords(_ data: [UInt8]) {
        var i = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for j in 0..<2 {
                    let x = right - j
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    if !isFunction[y][x] && i < data.count * 8 {
                        modules[y][x] = (data[i >> 3] >> UInt8(7 - (i & 7))) & 1 == 1
                        i += 1
                    }
                }
            }
            right -= 2
        }
    }

    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y][x] {
                let invert: Bool
                switch mask {
                case 0: invert = (x + y) % 2 == 0
                case 1: invert = y % 2 == 0
                case 2: invert = x % 3 == 0
                case 3: invert = (x + y) % 3 == 0
                case 4: invert = (x / 3 + y / 2) % 2 == 0
                case 5: invert = x * y % 2 + x * y % 3 == 0
                case 6: invert = (x * y % 2 + x * y % 3) % 2 == 0
                default: invert = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if invert { modules[y][x].toggle() }
            }
        }
    }

    /// Runs of one colour, 2x2 blocks, finder-like runs and the balance of
    /// dark and light: the standard's mask penalty.
    func penaltyScore() -> Int {
        var penalty = 0
        let finder: [Bool] = [true, false, true, true, true, false, true]
        for horizontal in [true, false] {
            for a in 0..<size {
                var run = 0
                var previous = false
                var line: [Bool] = []
                for b in 0..<size {
                    let dark = horizontal ? modules[a][b] : modules[b][a]
                    line.append(dark)
                    if b > 0 && dark == previous { run += 1 } else { if run >= 5 { penalty += run - 2 }; run = 1 }
                    previous = dark
                }
                if run >= 5 { penalty += run - 2 }
                let padded = [Bool](repeating: false, count: 4) + line + [Bool](repeating: false, count: 4)
                for start in 0...(padded.count - 7) where Array(padded[start..<start + 7]) == finder {
                    let before = start >= 4 && padded[(start - 4)..<start].allSatisfy { !$0 }
                    let after = start + 11 <= padded.count && padded[(start + 7)..<(start + 11)].allSatisfy { !$0 }
                    if before || after { penalty += 40 }
                }
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let c = modules[y][x]
                if c == modules[y][x + 1] && c == modules[y + 1][x] && c == modules[y + 1][x + 1] { penalty += 3 }
            }
        }
        let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
        let total = size * size
        let k = (abs(dark * 20 - total * 10) + total - 1) / total - 1
        penalty += max(0, k) * 10
        return penalty
    }

    // MARK: Drawing

    /// The code in a terminal: two rows of modules per line with the upper
    /// and lower half blocks, dark on light whatever the terminal's colours
    /// (black on white, with `style`'s colour on), with the four-module quiet zone around it.
    public func terminalLines(style: TerminalStyle) -> [String] {
        let quiet = 4
        let full = size + 2 * quiet
        func dark(_ x: Int, _ y: Int) -> Bool {
            let mx = x - quiet, my = y - quiet
            guard (0..<size).contains(mx), (0..<size).contains(my) else { return false }
            return modules[my][mx]
        }
        var lines: [String] = []
        for y in stride(from: 0, to: full, by: 2) {
            var line = ""
            for x in 0..<full {
                let top = dark(x, y), bottom = y + 1 < full && dark(x, y + 1)
                line += top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
            }
            lines.append(style.blackOnWhite(line))
        }
        return lines
    }
}
