import UnitsKit

/// The package's root folder (holding Package.swift), found from a test
/// file's `#filePath` by walking up.
public enum PackageRoot {
    public static func of(_ filePath: String) -> String {
        var dir = FileReader.directory(of: filePath)
        while !FileReader.exists(dir + "/Package.swift"), dir != "/" { dir = FileReader.directory(of: dir) }
        return dir
    }
}
