import Foundation

/// Measures wall-clock, user and system time of a statement, for `.timer on`.
struct ResourceClock {
    private let startWall: timespec
    private let startUsage: rusage

    init() {
        startWall = Self.now()
        startUsage = Self.usage()
    }

    /// The line sqlite3 prints: `Run Time: real 0.012 user 0.004000 sys 0.000000`.
    func report() -> String {
        let wall = Self.now()
        let usage = Self.usage()
        let real = Double(wall.tv_sec - startWall.tv_sec) + Double(wall.tv_nsec - startWall.tv_nsec) / 1e9
        let user = Self.seconds(usage.ru_utime) - Self.seconds(startUsage.ru_utime)
        let system = Self.seconds(usage.ru_stime) - Self.seconds(startUsage.ru_stime)
        return "Run Time: real \(format(real, digits: 3)) user \(format(user, digits: 6)) sys \(format(system, digits: 6))\n"
    }

    private func format(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time
    }

    private static func usage() -> rusage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }
}
