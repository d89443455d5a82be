#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal an interactive screen (`units check`) runs on: keys one at
/// a time, not echoed, Ctrl-C read as a key; output still processed.
public final class RawTerminal {
    private let input: Int32
    private let output: Int32
    private var saved = termios()

    /// Whether the descriptor is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Columns and rows of the terminal on `fd`, if it is one that knows.
    public static func size(_ fd: Int32 = 1) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Puts the terminal on `input` into raw mode; nil when it is not a
    /// terminal or refuses. A read waits at most `timeoutTenths` of a second.
    public init?(input: Int32 = 0, output: Int32 = 1, timeoutTenths: UInt8 = 10) {
        self.input = input
        self.output = output
        guard isatty(input) == 1, tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = timeoutTenths
        }
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { return nil }
    }

    /// The terminal as it was before.
    public func restore() {
        _ = tcsetattr(input, TCSAFLUSH, &saved)
    }

    deinit { restore() }

    /// The bytes of the next key press (an arrow is several), or none when
    /// the wait ran out; nil when the input has ended or failed.
    public func readKey() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, 64) }
            if n > 0 { return Array(buffer.prefix(n)) }
            if n == 0 { return isatty(input) == 1 ? [] : nil }
            if errno == EINTR || errno == EAGAIN { return [] }
            return nil
        }
    }

    /// Writes the bytes as they are: the screen's own cursor and colour
    /// sequences (the caller has made journal text safe).
    public func draw(_ text: String) {
        var text = text
        text.withUTF8 { try? SystemFile.writeAll(output, UnsafeRawBufferPointer($0)) }
    }
}
