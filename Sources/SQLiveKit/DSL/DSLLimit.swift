import GRDB

/// The `limit(n, offset: m)` a request applied, which GRDB's request keeps to itself: fetch
/// methods that read only part of the limited rows need it.
///
///     product.limit(5, offset: 10).fetchOne()   SELECT * FROM "product" LIMIT 1 OFFSET 10
struct DSLLimit {
    var count: Int
    var offset: Int?

    /// The request cut to the first row of its limit, the row GRDB's `fetchOne` returns.
    ///
    /// GRDB keeps `LIMIT n` in its SQL and stops stepping after one row. The shell and panes
    /// print every row a statement returns, so the statement itself must stop: `LIMIT 1`, the
    /// offset kept. `LIMIT 0` returns no row and stays; a negative limit is no limit in SQLite.
    func firstRow(of request: QueryInterfaceRequest<Row>) -> QueryInterfaceRequest<Row> {
        request.limit(count == 0 ? 0 : 1, offset: offset)
    }
}
