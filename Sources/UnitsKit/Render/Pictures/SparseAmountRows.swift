/// Amounts by row and column where nearly every one is zero (the units of
/// a count habit on the days of a picture): only the others are kept, row
/// by row, so a million habits with an entry or two do not hold thirty
/// amounts each (issue 14). Read as `rows[row][column]`.
public struct SparseAmountRows: RandomAccessCollection, Sendable {
    public let columns: Int
    /// Where each row's amounts start in `cells` (one more than the rows;
    /// 32 bits: a picture's rows are habits, its columns days, and a journal
    /// has fewer than 2^31 entries to be non-zero).
    private var rowStarts: [Int32] = [0]
    private var cells: [(column: Int32, amount: Amount)] = []

    public init(columns: Int) { self.columns = Swift.max(0, columns) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rowStarts.count - 1 }

    /// Whether every amount is zero.
    public var isAllZero: Bool { cells.isEmpty }

    public subscript(row: Int) -> SparseAmountRow {
        SparseAmountRow(cells: cells[Int(rowStarts[row])..<Int(rowStarts[row + 1])], count: columns)
    }

    /// Adds a row: `amount(column)` for every column (zeros are not kept).
    public mutating func append(row amount: (Int) -> Amount) {
        for column in 0..<columns {
            let value = amount(column)
            if value != .zero { cells.append((Int32(column), value)) }
        }
        rowStarts.append(Int32(cells.count))
    }

    /// Adds a row of zeros.
    public mutating func appendZeros() { rowStarts.append(Int32(cells.count)) }
}

/// One row of `SparseAmountRows` (indices from 0): zero where nothing is kept.
public struct SparseAmountRow: RandomAccessCollection {
    let cells: ArraySlice<(column: Int32, amount: Amount)>
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(column: Int) -> Amount {
        precondition(column >= 0 && column < count, "column out of range")
        for cell in cells where Int(cell.column) == column { return cell.amount }
        return .zero
    }
}
