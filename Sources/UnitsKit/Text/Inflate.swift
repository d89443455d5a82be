/// DEFLATE decompression (RFC 1951) for `ZipArchive`: the canonical-code walk
/// of zlib's `puff.c`, small rather than fast. It never writes past `limit` (a
/// zip bomb is refused as it passes it) and reports damage as an `InflateError`.
public enum Inflate {
    /// Why the data could not be inflated.
    public struct InflateError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The inflated bytes of `data`, at most `limit` of them.
    public static func inflate(_ data: ArraySlice<UInt8>, limit: Int) throws(InflateError) -> [UInt8] {
        var state = State(input: data, limit: limit)
        var last = false
        while !last {
            last = try state.bits(1) == 1
            switch try state.bits(2) {
            case 0: try state.stored()
            case 1: try state.codes(Self.fixed.literals, Self.fixed.distances)
            case 2:
                let (literals, distances) = try state.dynamicTables()
                try state.codes(literals, distances)
            default: throw InflateError(message: "invalid deflate block type 3")
            }
        }
        return state.output
    }

    /// A canonical Huffman code: how many codes of each length 0...15, and
    /// the symbols ordered by code.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        /// From each symbol's code length; nil when over-subscribed (incomplete is allowed, as in zlib).
        init?(lengths: ArraySlice<Int>) {
            symbols = [Int](repeating: 0, count: lengths.count)
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1...15 {
                left <<= 1
                left -= counts[length]
                if left < 0 { return nil }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    static let fixed: (literals: Huffman, distances: Huffman) = {
        var lengths = [Int](repeating: 8, count: 288)
        for i in 144..<256 { lengths[i] = 9 }
        for i in 256..<280 { lengths[i] = 7 }
        return (Huffman(lengths: lengths[...])!, Huffman(lengths: [Int](repeating: 5, count: 30)[...])!)
    }()

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                               4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order code-length code lengths are sent in.
    static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    struct State {
        let input: ArraySlice<UInt8>
        var position: Int
        var bitBuffer = 0
        var bitCount = 0
        var output: [UInt8] = []
        let limit: Int

        init(input: ArraySlice<UInt8>, limit: Int) {
            self.input = input; position = input.startIndex; self.limit = limit
        }

        mutating func bits(_ need: Int) throws(InflateError) -> Int {
            var value = bitBuffer
            while bitCount < need {
                guard position < input.endIndex else { throw InflateError(message: "the compressed data ends early") }
                value |= Int(input[position]) << bitCount
                position += 1
                bitCount += 8
            }
            bitBuffer = value >> need
            bitCount -= need
            return value & ((1 << need) - 1)
        }

        mutating func append(_ byte: UInt8) throws(InflateError) {
            guard output.count < limit else { throw InflateError(message: "inflates to more than \(limit) bytes") }
            output.append(byte)
        }

        /// A stored block: LEN, NLEN, then LEN bytes as they are.
        mutating func stored() throws(InflateError) {
            bitBuffer = 0; bitCount = 0
            guard input.endIndex - position >= 4 else { throw InflateError(message: "the compressed data ends early") }
            let length = Int(input[position]) | Int(input[position + 1]) << 8
            let check = Int(input[position + 2]) | Int(input[position + 3]) << 8
            guard length == ~check & 0xFFFF else { throw InflateError(message: "a stored block's length does not match its complement") }
            position += 4
            guard input.endIndex - position >= length else { throw InflateError(message: "the compressed data ends early") }
            guard output.count + length <= limit else { throw InflateError(message: "inflates to more than \(limit) bytes") }
            output += input[position..<position + length]
            position += length
        }

        /// The next symbol of `code`, a bit at a time (codes come most significant bit first).
        mutating func decode(_ code: Huffman) throws(InflateError) -> Int {
            var value = 0, first = 0, index = 0
            for length in 1...15 {
                value |= try bits(1)
                let count = code.counts[length]
                if value - count < first { return code.symbols[index + (value - first)] }
                index += count
                first += count
                first <<= 1
                value <<= 1
            }
            throw InflateError(message: "an invalid Huffman code")
        }

        /// Literal/length and distance symbols until the end of the block.
        mutating func codes(_ literals: Huffman, _ distances: Huffman) throws(InflateError) {
            while true {
                var symbol = try decode(literals)
                if symbol < 256 { try append(UInt8(symbol)); continue }
                if symbol == 256 { return }
                symbol -= 257
                guard symbol < 29 else { throw InflateError(message: "an invalid length code") }
                let length = Inflate.lengthBase[symbol] + (try bits(Inflate.lengthExtra[symbol]))
                let d = try decode(distances)
                guard d < 30 else { throw InflateError(message: "an invalid distance code") }
                let distance = Inflate.distanceBase[d] + (try bits(Inflate.distanceExtra[d]))
                guard distance <= output.count else { throw InflateError(message: "a distance reaches back before the start of the data") }
                guard output.count + length <= limit else { throw InflateError(message: "inflates to more than \(limit) bytes") }
                let start = output.count - distance
                for k in 0..<length { output.append(output[start + k]) }
            }
        }

        /// A dynamic block's header: the code-length code, then the two codes' lengths.
        mutating func dynamicTables() throws(InflateError) -> (Huffman, Huffman) {
            let literalCount = try bits(5) + 257, distanceCount = try bits(5) + 1, codeCount = try bits(4) + 4
            guard literalCount <= 286, distanceCount <= 30 else { throw InflateError(message: "too many length or distance codes") }
            var lengths = [Int](repeating: 0, count: 320)
            for i in 0..<codeCount { lengths[Inflate.lengthOrder[i]] = try bits(3) }
            guard let lengthCode = Huffman(lengths: lengths[0..<19]) else { throw InflateError(message: "an invalid code-length code") }
            var index = 0
            while index < literalCount + distanceCount {
                var symbol = try decode(lengthCode)
                if symbol < 16 { lengths[index] = symbol; index += 1; continue }
                var previous = 0
                if symbol == 16 {
                    guard index > 0 else { throw InflateError(message: "a repeated length with no length before it") }
                    previous = lengths[index - 1]
                    symbol = 3 + (try bits(2))
                } else if symbol == 17 {
                    symbol = 3 + (try bits(3))
                } else {
                    symbol = 11 + (try bits(7))
                }
                guard index + symbol <= literalCount + distanceCount else { throw InflateError(message: "too many code lengths") }
                for _ in 0..<symbol { lengths[index] = previous; index += 1 }
            }
            guard lengths[256] != 0 else { throw InflateError(message: "no end-of-block code") }
            guard let literals = Huffman(lengths: lengths[0..<literalCount]),
                  let distances = Huffman(lengths: lengths[literalCount..<(literalCount + distanceCount)]) else {
                throw InflateError(message: "an over-subscribed Huffman code")
            }
            return (literals, distances)
        }
    }
}
