import Frankly
import JSON

extension SimulatorOperations {
    /// Scroll views and tables; the catalog lets only scroll views (or tables) reach these.
    static let scrolling: [(OperationDescriptor, OperationHandler)] = [
        (OperationCatalog.scrollToTop, { call in
            call.view.contentOffset.y = 0
            return .null
        }),
        (OperationCatalog.scrollToBottom, { call in
            call.view.contentOffset.y = call.app.maxScrollOffset(of: call.view)
            return .null
        }),
        (OperationCatalog.scrollToRow, scrollToRow),
        (OperationCatalog.contentOffset, { call in call.view.contentOffset.plainJSON }),
    ]

    /// The height of a table row, as the simulator lays tables out.
    static let rowHeight = 44.0

    /// Scrolls a table as little as shows the whole row, as UIKit's `UITableViewScrollPositionNone` does.
    private static func scrollToRow(_ call: OperationCall) throws -> JSONValue {
        let table = call.view
        let row = try call.whole(0), section = try call.whole(1)
        guard table.sections.indices.contains(section), table.sections[section].indices.contains(row) else {
            throw OperationError(description: "\(table.summary) has no row \(row) in section \(section)")
        }
        let y = Double(table.sections[..<section].reduce(0) { $0 + $1.count } + row) * rowHeight
        if y < table.contentOffset.y {
            table.contentOffset.y = y
        } else if y + rowHeight > table.contentOffset.y + table.frame.height {
            table.contentOffset.y = min(y + rowHeight - table.frame.height, call.app.maxScrollOffset(of: table))
        }
        return .null
    }
}
