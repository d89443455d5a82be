import PackagePlugin

/// Builds Grammar/format.md into UnitsCLI as `EmbeddedFormatSpec.markdown`, so `units man units.5`
/// works anywhere without a second, checked-in copy of the spec that could fall behind it.
@main
struct EmbedFormatSpec: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let spec = context.package.directoryURL.appending(path: "Grammar/format.md")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFormatSpec.swift")
        return [.buildCommand(displayName: "Embedding Grammar/format.md",
                              executable: try context.tool(named: "embed-format-spec").url,
                              arguments: [spec.path(percentEncoded: false), output.path(percentEncoded: false)],
                              inputFiles: [spec], outputFiles: [output])]
    }
}
