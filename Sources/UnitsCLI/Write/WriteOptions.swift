import UnitsKit

/// The options the writing commands share, declared once.
enum WriteOptions {
    static let date = Option<String>("--date", value: "DATE",
        help: "Write the line under DATE: 2025-12-14, yesterday, -2, mon (default: today).")
    /// Write although the change adds a lint warning (a check-in on a
    /// paused or archived day).
    static let force = Flag("--force", help: "Write even when the line adds a lint warning (a paused or archived day, ...).")

    /// A write whose line carries a date (`log`, `habit add`, `task`, `unit`, ...).
    static let dated: [OptionSpec] = [GlobalOptions.file.spec, GlobalOptions.today.spec, date.spec, GlobalOptions.json.spec]
    /// A write dated by its own options or by today (`pause`, `resume`, `habit delete`, ...).
    static let undated: [OptionSpec] = [GlobalOptions.file.spec, GlobalOptions.today.spec, GlobalOptions.json.spec]
}
