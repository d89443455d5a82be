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

    /// Today's date in UTC (for records that must not depend on the time zone).
    public static func todayUTC() -> CivilDate {
        var t = time(nil)
        var parts = tm()
        gmtime_r(&t, &parts)
        return CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)) ?? .minimum
    }

    /// Whole seconds since 1970.
    public static func secondsSince1970() -> Int { Int(time(nil)) }

    /// Seconds on the monotonic clock (for durations only).
    public static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Sleeps `seconds`; a signal cuts it short.
    public static func sleep(seconds: Double) {
        var t = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        nanosleep(&t, nil)
    }
}
