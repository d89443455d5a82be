/// Removes a file of the tool's own (an undo record); `true` if it is gone.
@discardableResult
func unlinkFile(_ path: String) -> Bool {
    unlink(path) == 0 || errno == ENOENT
}
