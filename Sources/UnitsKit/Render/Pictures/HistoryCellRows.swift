/// The history matrix's cells by row and column, two to a byte (a cell is
/// one of seven values): a million habits over 30 days hold 15 MB of
/// cells, not 30 (issue 14). Read as `rows[row][column]`.
public struct HistoryCellRows: RandomAccessCollection, Sendable {
    public typealias Cell = HistoryMatrix.Cell
    public let columns: Int
    /// Row after row, each starting on a byte; the cell of an even column
    /// in the low four bits.
    private var storage: [UInt8] = []
    private let bytesPerRow: Int

    public init(columns: Int) {
        self.columns = Swift.max(0, columns)
        bytesPerRow = (self.columns + 1) / 2
    }

    private var rowCount = 0

    public var startIndex: Int { 0 }
    public var endIndex: Int { rowCount }

    public subscript(row: Int) -> HistoryCellRow {
        HistoryCellRow(storage: storage, offset: row * bytesPerRow, count: columns)
    }

    public mutating func reserveCapacity(rows: Int) { storage.reserveCapacity(rows * bytesPerRow) }

    /// Adds a row of exactly `columns` cells.
    public mutating func append<S: Collection>(row: S) where S.Element == Cell {
        precondition(row.count == columns, "a row has one cell per column")
        var byte: UInt8 = 0
        for (column, cell) in row.enumerated() {
            let code = UInt8(cell.code)
            if column % 2 == 0 { byte = code } else { storage.append(byte | code << 4) }
        }
        if columns % 2 == 1 { storage.append(byte) }
        rowCount += 1
    }
}

/// One row of `HistoryCellRows` (indices from 0).
public struct HistoryCellRow: RandomAccessCollection, Sendable {
    let storage: [UInt8]
    let offset: Int
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(column: Int) -> HistoryMatrix.Cell {
        precondition(column >= 0 && column < count, "column out of range")
        let byte = storage[offset + column / 2]
        return HistoryMatrix.Cell.byCode[Int(column % 2 == 0 ? byte & 0x0F : byte >> 4)]
    }
}
