// The one place that names the C library: UnitsKit and its importers see
// the POSIX calls both systems spell alike through this export; what they
// spell differently is in this folder and CSystem (check-portability.sh).
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif

/// A file's permission bits (mode_t), for public signatures, which may not
/// name the C library's module.
public typealias FileMode = mode_t
/// A file's status (struct stat), for public signatures likewise.
public typealias FileStatus = stat
/// A user's and a group's id.
public typealias UserID = uid_t
public typealias GroupID = gid_t

/// posix_spawn's file actions (a struct in glibc, an opaque pointer on Darwin).
public final class SpawnFileActions {
#if canImport(Darwin)
    private var actions: posix_spawn_file_actions_t? = nil
#else
    private var actions = posix_spawn_file_actions_t()
#endif

    public init() { posix_spawn_file_actions_init(&actions) }
    deinit { posix_spawn_file_actions_destroy(&actions) }

    /// In the child, `fd` opened on `path`.
    public func open(_ fd: Int32, _ path: String, _ flags: Int32, _ mode: mode_t) {
        posix_spawn_file_actions_addopen(&actions, fd, path, flags, mode)
    }

    /// In the child, `fd` a copy of `from`.
    public func duplicate(_ from: Int32, to fd: Int32) {
        posix_spawn_file_actions_adddup2(&actions, from, fd)
    }

    /// In the child, `fd` closed.
    public func close(_ fd: Int32) {
        posix_spawn_file_actions_addclose(&actions, fd)
    }

    /// Starts `path` with `arguments` (argv[0] first) and this process's
    /// environment, or `environment` (NAME=VALUE each) when given; its
    /// process id, or nil.
    public func spawn(_ path: String, _ arguments: [String], environment: [String]? = nil) -> pid_t? {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        guard let environment else {
            guard posix_spawn(&pid, path, &actions, nil, argv, SystemEnvironment.pointer) == 0 else { return nil }
            return pid
        }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) }
        envp.append(nil)
        defer { for p in envp { free(p) } }
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { return nil }
        return pid
    }
}
