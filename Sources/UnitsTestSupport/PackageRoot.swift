import UnitsKit

/// The package's root folder (the one holding Package.swift), found from a
/// test file's `#filePath` by walking up, so a test file finds Examples/,
/// Grammar/ and its fixtures however deep in Tests/ it sits.
public enum PackageRoot {
    public static func of(_ filePath: String) -> String {
        var dir = FileReader.directory(of: filePath)
        while !FileReader.exists(dir + "/Package.swift"), dir != "/" { dir = FileReader.directory(of: dir) }
        return dir
    }
}
