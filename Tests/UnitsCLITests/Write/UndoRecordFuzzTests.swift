import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit
import UnitsTestSupport

/// A damaged undo record is refused; it never writes. Every mutation of a
/// stack either makes `units undo` refuse (the journal untouched) or undo
/// gives back exactly the file before the last write.
@Suite struct UndoRecordFuzzTests {
    /// A journal after three writes of three shapes (an append, a backfill
    /// in the middle, an amend), with the file before the last one.
    static func written() -> (scratch: Scratch, stack: String, after: [UInt8], before: [UInt8]) {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(["log", "Reading", "4", "--note", "train"]).code == .ok)
        #expect(scratch.run(["log", "Reading", "2", "--date", "2025-12-10"]).code == .ok)
        let before = scratch.bytes()
        #expect(scratch.run(["amend", "9"]).code == .ok)
        let stack = UndoStack(journal: scratch.journal, directory: scratch.stateHome + "/units/undo").location
        return (scratch, stack, scratch.bytes(), before)
    }

    static func lines(_ bytes: [UInt8]) -> [[UInt8]] { bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init) }

    /// The stack with the field `key` of its last record set to `value`.
    static func setting(_ key: String, to value: String, in stack: [UInt8]) -> [UInt8] {
        var lines = Self.lines(stack)
        let index = lines.lastIndex { $0.starts(with: Array((key + " ").utf8)) || $0 == Array(key.utf8) }!
        lines[index] = Array((key + " " + value).utf8)
        return Array(lines.joined(separator: [0x0A]))
    }

    /// Every record's `check` line made to fit its lines again: damage the
    /// check does not see, so the other defences are tried too.
    static func resealed(_ stack: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var recordStart = 0
        for (index, line) in Self.lines(stack).enumerated() {
            if index > 0 { out.append(0x0A) }
            if line == Array("record".utf8) { recordStart = out.count }
            if line.starts(with: Array("check ".utf8)), recordStart <= out.count {
                out += Array("check \(String(UndoRecord.hash(Array(out[recordStart...])), radix: 16))".utf8)
            } else {
                out += line
            }
        }
        return out
    }

    func undo(_ stack: [UInt8], _ fixture: (scratch: Scratch, stack: String, after: [UInt8], before: [UInt8])) -> (Scratch.Run, [UInt8]) {
        fixture.scratch.write(String(decoding: fixture.after, as: UTF8.self))
        _ = FileManager.default.createFile(atPath: fixture.stack, contents: Data(stack))
        let run = fixture.scratch.run(["undo"])
        return (run, fixture.scratch.bytes())
    }

    /// `offset N` of the newest record changed to 0 (in range): before, undo
    /// cut the first bytes of the journal while saying it removed the entry.
    @Test func aChangedOffsetIsRefused() throws {
        let fixture = Self.written()
        let stack = try #require(FileManager.default.contents(atPath: fixture.stack).map(Array.init))
        for damaged in [Self.setting("offset", to: "0", in: stack), Self.resealed(Self.setting("offset", to: "0", in: stack))] {
            let (run, bytes) = undo(damaged, fixture)
            #expect(run.code != .ok, "\(run.out)")
            #expect(bytes == fixture.after)
        }
    }

    /// A `removed` field of NUL bytes: before, undo wrote them into the journal.
    @Test func aDamagedRemovedFieldIsRefused() throws {
        let fixture = Self.written()
        let stack = try #require(FileManager.default.contents(atPath: fixture.stack).map(Array.init))
        let removed = try #require(Self.lines(stack).last { $0.starts(with: Array("removed ".utf8)) })
        let zeros = "removed " + String(repeating: "0", count: removed.count - 8)
        for damaged in [Self.setting("removed", to: String(zeros.dropFirst(8)), in: stack), Self.resealed(Self.setting("removed", to: String(zeros.dropFirst(8)), in: stack))] {
            let (run, bytes) = undo(damaged, fixture)
            #expect(run.code != .ok, "\(run.out)")
            #expect(bytes == fixture.after)
            #expect(!bytes.contains(0))
        }
    }

    /// Two lines swapped between records, resealed: the last record then holds
    /// its own hash-before and the one of the record before it, and no
    /// removed bytes. Before, the later hash-before won, and undo took back
    /// two writes while saying it took back one.
    @Test func aRepeatedOrMissingFieldIsRefused() throws {
        let fixture = Self.written()
        let stack = try #require(FileManager.default.contents(atPath: fixture.stack).map(Array.init))
        var lines = Self.lines(stack)
        let hashes = lines.indices.filter { lines[$0].starts(with: Array("hash-before ".utf8)) }
        let removed = lines.indices.filter { lines[$0].starts(with: Array("removed ".utf8)) }
        try #require(hashes.count == 3 && removed.count == 3)
        lines.swapAt(hashes[1], removed[2])
        let swapped = Self.resealed(Array(lines.joined(separator: [0x0A])))
        var dropped = Self.lines(stack)
        dropped.remove(at: removed[2])
        for damaged in [swapped, Self.resealed(Array(dropped.joined(separator: [0x0A])))] {
            let (run, bytes) = undo(damaged, fixture)
            #expect(run.code != .ok, "\(run.out)")
            #expect(run.err.contains("damaged"), "\(run.err)")
            #expect(bytes == fixture.after)
        }
    }

    /// A few hundred seeded mutations: bytes changed, numbers set to other
    /// in-range values, lines dropped, repeated or swapped, hex changed, the
    /// stack cut short; half of them resealed. Each is refused with the
    /// journal untouched, or restores it exactly.
    @Test func everyMutationIsRefusedOrRestoresExactly() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["UNITS_TEST_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64.max)
        print("UndoRecordFuzzTests seed \(seed) (UNITS_TEST_SEED=\(seed) repeats it)")
        var random = SplitMix64(state: seed)
        let fixture = Self.written()
        let stack = try #require(FileManager.default.contents(atPath: fixture.stack).map(Array.init))
        var refused = 0, restored = 0
        for round in 0..<300 {
            var lines = Self.lines(stack)
            var mutated: [UInt8]
            switch random.below(8) {
            case 0:   // one byte changed
                mutated = stack
                let at = random.below(mutated.count)
                mutated[at] = UInt8(truncatingIfNeeded: random.next())
            case 1:   // a number set to another in-range value
                let numeric = lines.indices.filter { lines[$0].starts(with: Array("offset ".utf8)) || lines[$0].starts(with: Array("size-after ".utf8)) }
                let index = numeric[random.below(numeric.count)]
                let key = lines[index].prefix { $0 != 0x20 }
                lines[index] = Array(key) + Array(" \(random.below(fixture.after.count + 2))".utf8)
                mutated = Array(lines.joined(separator: [0x0A]))
            case 2:   // a line dropped
                lines.remove(at: random.below(lines.count))
                mutated = Array(lines.joined(separator: [0x0A]))
            case 3:   // a line repeated
                let index = random.below(lines.count)
                lines.insert(lines[index], at: random.below(lines.count))
                mutated = Array(lines.joined(separator: [0x0A]))
            case 4:   // two lines swapped
                lines.swapAt(random.below(lines.count), random.below(lines.count))
                mutated = Array(lines.joined(separator: [0x0A]))
            case 5:   // a hex digit of removed/inserted changed, or a byte added or dropped
                let hex = lines.indices.filter { (lines[$0].starts(with: Array("removed ".utf8)) || lines[$0].starts(with: Array("inserted ".utf8))) }
                let index = hex[random.below(hex.count)]
                let start = lines[index].firstIndex(of: 0x20)! + 1
                let digits = Array("0123456789abcdef".utf8)
                switch random.below(3) {
                case 0 where lines[index].count > start: lines[index][start + random.below(lines[index].count - start)] = digits[random.below(16)]
                case 1: lines[index].insert(contentsOf: [digits[random.below(16)], digits[random.below(16)]], at: start + 2 * random.below((lines[index].count - start) / 2 + 1))
                default: if lines[index].count >= start + 2 { lines[index].removeSubrange(start..<(start + 2)) }
                }
                mutated = Array(lines.joined(separator: [0x0A]))
            case 6:   // a hash changed
                let hashes = lines.indices.filter { lines[$0].starts(with: Array("hash-".utf8)) }
                let index = hashes[random.below(hashes.count)]
                let key = lines[index].prefix { $0 != 0x20 }
                lines[index] = Array(key) + Array(" \(String(random.next(), radix: 16))".utf8)
                mutated = Array(lines.joined(separator: [0x0A]))
            default:  // cut short
                mutated = Array(stack.prefix(random.below(stack.count)))
            }
            if random.oneIn(2) { mutated = Self.resealed(mutated) }
            let (run, bytes) = undo(mutated, fixture)
            if run.code == .ok {
                #expect(bytes == fixture.before, "seed \(seed) round \(round): undo wrote a file that is not the one before the write\n\(String(decoding: mutated, as: UTF8.self))")
                restored += 1
            } else {
                #expect(bytes == fixture.after, "seed \(seed) round \(round): a refused undo changed the journal")
                #expect(!run.err.isEmpty)
                refused += 1
            }
        }
        print("UndoRecordFuzzTests: \(refused) refused, \(restored) restored exactly")
        // The untouched stack still undoes.
        let (run, bytes) = undo(stack, fixture)
        #expect(run.code == .ok, "\(run.err)")
        #expect(bytes == fixture.before)
    }
}
