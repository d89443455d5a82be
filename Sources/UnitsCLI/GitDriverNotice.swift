import UnitsKit

extension JournalLocator {
    /// Says once, on standard error, that the journal's `.gitattributes`
    /// sends it to the units merge driver but git on this device has no such
    /// driver configured (`GitMergeDriverCheck`), with the line that sets it.
    /// Given by `units-lint` and the commands that write (docs/sync.md).
    static func noticeMergeDriver(of path: String, io: CommandIO, tool: String) {
        guard path != "-", !io.saidOnce.said.contains("merge-driver") else { return }
        io.saidOnce.said.insert("merge-driver")
        guard let attributes = GitMergeDriverCheck.unconfigured(for: path, environment: io.environment) else { return }
        io.err("""
            \(tool): \(TerminalText.escaped(attributes)) sends \(TerminalText.escaped(FileReader.fileName(of: path))) to the units merge driver, \
            but git on this device has none configured, so a pull merges it as plain text and can leave conflict markers; \
            set it once per device:
              git config --global merge.units.driver 'units merge %O %A %B %P'

            """)
    }
}
