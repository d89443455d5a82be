#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's local date and time, read once per command. Everything
/// that depends on it also takes `--today`, so tests never call this.
public enum SystemClock {
    /// Today's local date, and the minutes since local midnight.
    public static func now() -> (date: CivilDate, minutes: Int) {
        var t = time(nil)
        var parts = tm()
        localtime_r(&t, &parts)
        let date = CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)) ?? .minimum
        return (date, Int(parts.tm_hour) * 60 + Int(parts.tm_min))
    }

    public static func today() -> CivilDate { now().date }
}
