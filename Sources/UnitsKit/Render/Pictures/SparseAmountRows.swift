/// Amounts by row and column where nearly every one is zero (the units of
/// a count habit on the days of a picture): only the others are kept, row
/// by row, so habits with an entry or two do not hold an amount for every
/// day. Read as `rows[row][column]`.
///
/// A kept amount takes 12 bytes: its column, and its billionths in 64 bits
/// (every amount a day of real habits reaches); one past 64 bits is kept
/// whole apart, by its place.
public struct SparseAmountRows: RandomAccessCollection, Sendable {
    public let columns: Int
    /// Where each row's amounts start in `cells` (one more than the rows;
    /// 32 bits: a picture's rows are habits, its columns days, and a journal
    /// has fewer than 2^31 entries to be non-zero).
    private var rowStarts: [Int32] = [0]
    /// Per kept amount: its column, and its billionths (`SparseAmountRows.wideMark`:
    /// kept in `wide` under its place).
    private var cellColumns: [Int32] = []
    private var cellBillionths: [Int64] = []
    private var wide: [Int: Amount] = [:]

    static let wideMark = Int64.min

    public init(columns: Int) { self.columns = Swift.max(0, columns) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rowStarts.count - 1 }

    /// Whether every amount is zero.
    public var isAllZero: Bool { cellColumns.isEmpty }

    public subscript(row: Int) -> SparseAmountRow {
        let cells = Int(rowStarts[row])..<Int(rowStarts[row + 1])
        return SparseAmountRow(columns: cellColumns[cells], billionths: cellBillionths[cells], wide: wide, count: columns)
    }

    /// Adds a row: `amount(column)` for every column (zeros are not kept).
    public mutating func append(row amount: (Int) -> Amount) {
        for column in 0..<columns {
            let value = amount(column)
            guard value != .zero else { continue }
            if let narrow = Int64(exactly: value.billionths), narrow != Self.wideMark {
                cellBillionths.append(narrow)
            } else {
                wide[cellBillionths.count] = value
                cellBillionths.append(Self.wideMark)
            }
            cellColumns.append(Int32(column))
        }
        rowStarts.append(Int32(cellColumns.count))
    }

    /// Adds a row of zeros.
    public mutating func appendZeros() { rowStarts.append(Int32(cellColumns.count)) }
}

/// One row of `SparseAmountRows` (indices from 0): zero where nothing is kept.
public struct SparseAmountRow: RandomAccessCollection {
    let columns: ArraySlice<Int32>
    let billionths: ArraySlice<Int64>
    let wide: [Int: Amount]
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(column: Int) -> Amount {
        precondition(column >= 0 && column < count, "column out of range")
        for k in columns.indices where Int(columns[k]) == column {
            let value = billionths[k]
            return value == SparseAmountRows.wideMark ? wide[k] ?? .zero : Amount(billionths: Int128(value))
        }
        return .zero
    }
}
