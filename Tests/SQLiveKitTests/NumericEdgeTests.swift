import Foundation
import Testing
@testable import SQLiveKit

/// Every numeric path that turns a value from a query into a length (chart bars,
/// sparklines, import progress) with ±infinity, NaN, and the largest and smallest doubles.
/// `Int(_: Double)` stops the process on infinities, NaN and values beyond ±2⁶³: before
/// these fixes `.chart select 'a', 9e999` ended the process and lost an open transaction.
@Suite struct NumericEdgeTests {
    let shell: TestSession

    init() throws {
        var environment = SessionEnvironment(terminalWidth: { 40 })
        environment.variables = ["NO_COLOR": "1"]
        shell = try TestSession(environment: environment)
    }

    @Test func an_infinite_value_gets_no_bar() {
        #expect(shell.run(".chart select 'a', 9e999") == "a  Inf\n")
        #expect(shell.run(".chart select 'a', -9e999") == "a  -Inf\n")
        #expect(shell.run(".chart select 'a', 9e999 union all select 'b', 2") == """
            a  Inf
            b ██████████████████████████████████ 2

            """)
    }

    @Test func the_largest_doubles_of_both_signs_share_one_axis() {
        #expect(shell.run(".chart select 'a', 1e308 union all select 'b', -1e308") == """
            a               ██████████████ 1.0e+308
            b ██████████████ -1.0e+308

            """)
        #expect(shell.run(".chart select 'a', 1.7976931348623157e308 union all select 'b', 4.9e-324") == """
            a ████████████████ 1.79769313486232e+308
            b  4.94065645841247e-324

            """)
    }

    @Test func a_sparkline_of_the_largest_doubles_and_infinities() {
        #expect(shell.run(".chart select 1e308 union all select -1e308") == "█▁\nmin -1e+308  max 1e+308  last -1e+308  (2 values)\n")
        #expect(shell.run(".chart select 9e999 union all select 1 union all select -9e999") == """
            ▄
            min 1  max 1  last 1  (1 value, 2 not numeric)

            """)
    }

    @Test func a_transaction_survives_a_chart_of_hostile_values() {
        _ = shell.run("create table t(x);\nbegin;\ninsert into t values (1);")
        _ = shell.run(".chart select 'a', 9e999 union all select 'b', -1e308")
        #expect(shell.session.isInsideTransaction)
        #expect(shell.run("select count(*) from t;") == "1\n")
    }

    @Test func the_sampler_keeps_means_of_huge_values_finite() {
        var sampler = SparklineSampler(capacity: 2)
        for _ in 0..<9 { sampler.add(1.7976931348623157e308) }
        #expect(sampler.means.count == 3, "two buckets and the partial one")
        #expect(sampler.means.allSatisfy { $0.isFinite && $0 > 1.79e308 }, "\(sampler.means)")
    }

    @Test func sparkline_rendering_never_traps() {
        #expect(Sparkline.render([.infinity, -.infinity, .nan]) == "▄▄▄")
        #expect(Sparkline.render([-.greatestFiniteMagnitude, .greatestFiniteMagnitude]) == "▁█")
        #expect(Sparkline.render([.leastNonzeroMagnitude, 0, .nan]) == "█▁▄")
        #expect(Sparkline.render([-.leastNonzeroMagnitude, .leastNonzeroMagnitude]) == "▁█")
    }

    @Test func chart_scale_clamps_every_length() {
        let scale = ChartScale(values: [-.greatestFiniteMagnitude, .greatestFiniteMagnitude, .nan, .infinity], columns: 30)
        #expect(scale.negativeColumns == 15)
        #expect(scale.bar(for: .greatestFiniteMagnitude) == (0, 120))
        #expect(scale.bar(for: -.greatestFiniteMagnitude) == (15, 0))
        #expect(scale.bar(for: .nan) == (0, 0))
        #expect(scale.bar(for: -.infinity) == (0, 0))
        let tiny = ChartScale(values: [-.leastNonzeroMagnitude, .leastNonzeroMagnitude], columns: 30)
        #expect(tiny.negativeColumns == 15)
    }

    @Test func clamping_conversion_handles_every_double() {
        #expect(Int(clamping: .infinity, to: 0...10) == 10)
        #expect(Int(clamping: -.infinity, to: 0...10) == 0)
        #expect(Int(clamping: .nan, to: 0...10) == 0)
        #expect(Int(clamping: 1e300, to: 0...Int.max) == Int.max)
        #expect(Int(clamping: 3.5, to: 0...10) == 4)
    }

    @Test func import_progress_of_a_sparse_exabyte_file_never_traps() {
        let line = ImportProgress.line(name: "big.csv", rows: 1, bytes: 1, totalBytes: Int.max,
                                       elapsed: .seconds(100_000), width: 120)
        #expect(line.contains("0%") && line.contains("ETA 9223372036854775807s"), "\(line)")
    }
}
