/// Removes a file of the tool's own (an undo record); `true` if it is gone.
@discardableResult
func unlinkFile(_ path: String) -> Bool {
    do { try SystemFile.removeFile(path); return true } catch { return error.code == ENOENT }
}
