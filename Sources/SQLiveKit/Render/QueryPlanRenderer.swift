/// The rows of `EXPLAIN QUERY PLAN` drawn as sqlite3 draws them (``QueryPlanTree``):
///
///     QUERY PLAN
///     `--SCAN t
///
/// A plan has a row per loop or subquery, so keeping them until the end is cheap.
final class QueryPlanRenderer: ResultRenderer {
    private let output: OutputBuffer
    private var steps: [QueryPlanTree.Step] = []

    init(_ context: RenderContext) {
        output = context.output
    }

    func begin(columns: [String]) {}

    func write<Row: ResultRow>(row: Row) {
        guard row.columnCount >= 4 else { return }
        let detail = row.withText(at: 3) { String(decoding: $0, as: UTF8.self) }
        steps.append(QueryPlanTree.Step(id: Int(row.int64(at: 0)), parent: Int(row.int64(at: 1)), detail: detail))
    }

    func finish() {
        output.append(QueryPlanTree(steps: steps).rendered)
        output.endRow()
    }
}
