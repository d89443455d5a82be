/// The rows of a picture's grid (habits by days), read as `rows[row][column]`
/// like an array of arrays, but held in one flat array: a journal of a
/// million habits made a million small arrays, one allocation and a
/// header each (issue 14).
public struct MatrixRows<Element: Sendable>: RandomAccessCollection, Sendable {
    /// Row after row, `columns` elements each.
    private var storage: [Element] = []
    public let columns: Int

    public init(columns: Int) { self.columns = Swift.max(0, columns) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { columns == 0 ? 0 : storage.count / columns }

    public subscript(row: Int) -> MatrixRow<Element> { MatrixRow(storage: storage, offset: row * columns, count: columns) }

    public mutating func reserveCapacity(rows: Int) { storage.reserveCapacity(rows * columns) }

    /// Adds a row of exactly `columns` elements.
    public mutating func append<S: Collection>(row: S) where S.Element == Element {
        precondition(row.count == columns, "a row has one element per column")
        storage.append(contentsOf: row)
    }
}

/// One row of `MatrixRows` (indices from 0), or of `SparseAmountRows`.
public struct MatrixRow<Element>: RandomAccessCollection {
    let storage: [Element]
    let offset: Int
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(column: Int) -> Element {
        precondition(column >= 0 && column < count, "column out of range")
        return storage[offset + column]
    }
}

/// Amounts by row and column where nearly every one is zero (the units of
/// a count habit on the days of a picture): only the others are kept, row
/// by row, so a million habits with an entry or two do not hold thirty
/// amounts each (issue 14). Read as `rows[row][column]`.
public struct SparseAmountRows: RandomAccessCollection, Sendable {
    public let columns: Int
    /// Where each row's amounts start in `cells` (one more than the rows).
    private var rowStarts: [Int] = [0]
    private var cells: [(column: Int32, amount: Amount)] = []

    public init(columns: Int) { self.columns = Swift.max(0, columns) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rowStarts.count - 1 }

    /// Whether every amount is zero.
    public var isAllZero: Bool { cells.isEmpty }

    public subscript(row: Int) -> SparseAmountRow {
        SparseAmountRow(cells: cells[rowStarts[row]..<rowStarts[row + 1]], count: columns)
    }

    /// Adds a row: `amount(column)` for every column (zeros are not kept).
    public mutating func append(row amount: (Int) -> Amount) {
        for column in 0..<columns {
            let value = amount(column)
            if value != .zero { cells.append((Int32(column), value)) }
        }
        rowStarts.append(cells.count)
    }

    /// Adds a row of zeros.
    public mutating func appendZeros() { rowStarts.append(cells.count) }
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
