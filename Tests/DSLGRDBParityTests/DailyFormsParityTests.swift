import Foundation
import GRDB
import Testing

/// The forms GRDB users write every day, each typed in the DSL and written in Swift with GRDB
/// 7.10 on the Chinook database: the same SQL, arguments, rows and region (`.region` beside
/// the region GRDB observes). Where GRDB narrows a region more than SQLite's comparison can
/// match (keys that are not integers), the DSL's region is the wider one the case names.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: ParityDatabases.chinookScript.path),
                "the shared Chinook script is on this machine"))
struct DailyFormsParityTests {
    static func check(_ parityCase: ParityCase) throws {
        try ParityCase.check(parityCase, on: ParityDatabases.chinook)
    }

    /// Fetch methods, subqueries, functions, common table expressions, associations through
    /// another, keys of any type: one case per example.
    @Test(arguments: fetchMethods + subqueries + functions + commonTables + throughAssociations + keys)
    func each_form_runs_as_grdb_runs_it(_ parityCase: ParityCase) throws { try Self.check(parityCase) }

    /// A line pasted from a Swift program, `try` and `db` included, runs as GRDB runs it.
    @Test(arguments: pastedFromSwift)
    func a_line_pasted_from_swift_runs_as_grdb_runs_it(_ parityCase: ParityCase) throws { try Self.check(parityCase) }

    @Test(arguments: sqliteErrors)
    func errors_sqlite_reports_alike(_ parityCase: ParityCase) throws { try Self.check(parityCase) }
}

extension DailyFormsParityTests {
    private static var tracksOfGenre: HasManyAssociation<Row, Row> { Chinook.genre.hasMany(Chinook.track) }

    static let fetchMethods: [ParityCase] = [
        ParityCase("Track.order(Milliseconds.desc).fetchOne()") { _ in .fetchOne(Chinook.track.order(Column("Milliseconds").desc)) },
        ParityCase("Track.filter(key: 3).fetchOne()") { _ in .fetchOne(Chinook.track.filter(key: 3)) },
        ParityCase("Track.filter(key: 0).fetchOne()") { _ in .fetchOne(Chinook.track.filter(key: 0)) },
        ParityCase("Genre.filter(Name == \"Jazz\").fetchOne()") { _ in .fetchOne(Chinook.genre.filter(Column("Name") == "Jazz")) },
        // fetchOne() of a limited request: one row, the first of the limit (its offset kept).
        ParityCase("Track.limit(3).fetchOne()") { _ in .fetchOne(Chinook.track.limit(3)) },
        ParityCase("Track.order(Name).limit(3, offset: 5).fetchOne()") { _ in .fetchOne(Chinook.track.order(Column("Name")).limit(3, offset: 5)) },
        ParityCase("Track.limit(0).fetchOne()") { _ in .fetchOne(Chinook.track.limit(0)) },
        ParityCase("Track.limit(-1, offset: 2).fetchOne()") { _ in .fetchOne(Chinook.track.limit(-1, offset: 2)) },
        ParityCase("Track.filter(key: 3).limit(5).fetchOne()") { _ in .fetchOne(Chinook.track.filter(key: 3).limit(5)) },
        ParityCase("Genre.including(required: Track).limit(4, offset: 1).fetchOne()") { _ in
            .fetchOne(Chinook.genre.including(required: tracksOfGenre).limit(4, offset: 1))
        },
        ParityCase("Genre.fetchAll()") { _ in .fetch(Chinook.genre.all()) },
        ParityCase("Genre.all().order(Name).all().fetchAll()") { _ in .fetch(Chinook.genre.all().order(Column("Name")).all()) },
        ParityCase("Genre.order(Name).fetchAll()") { _ in .fetch(Chinook.genre.order(Column("Name"))) },
        ParityCase("Track.filter(GenreId == 1).fetchCount()") { _ in .count(Chinook.track.filter(Column("GenreId") == 1)) },
        ParityCase("Track.select(GenreId).distinct().fetchCount()") { _ in .count(Chinook.track.select(Column("GenreId")).distinct()) },
        ParityCase("Track.limit(10).fetchCount()") { _ in .count(Chinook.track.limit(10)) },
        ParityCase("Track.select(GenreId).fetchSet()") { _ in .fetchSet(Chinook.track.select(Column("GenreId"))) },
        ParityCase("Invoice.select(BillingCountry, BillingCity).fetchSet()") { _ in
            .fetchSet(Chinook.invoice.select(Column("BillingCountry"), Column("BillingCity")))
        },
        // fetchSet() of a limited request: the distinct rows among the limited ones.
        ParityCase("Track.select(GenreId).limit(10).fetchSet()") { _ in .fetchSet(Chinook.track.select(Column("GenreId")).limit(10)) },
        ParityCase("Track.select(GenreId).order(Milliseconds.desc).limit(20, offset: 100).fetchSet()") { _ in
            .fetchSet(Chinook.track.select(Column("GenreId")).order(Column("Milliseconds").desc).limit(20, offset: 100))
        },
        ParityCase("Track.select(count(*)).group(AlbumId).limit(8).fetchSet()") { _ in
            .fetchSet(Chinook.track.select(countAll).group(Column("AlbumId")).limit(8))
        },
        ParityCase("Track.select(GenreId).distinct().limit(3).fetchSet()") { _ in .fetchSet(Chinook.track.select(Column("GenreId")).distinct().limit(3)) },
        ParityCase("Track.filter(Milliseconds > 5_000_000).isEmpty()") { _ in .isEmpty(Chinook.track.filter(Column("Milliseconds") > 5_000_000)) },
        ParityCase("Track.filter(Milliseconds > 5_000).isEmpty()") { _ in .isEmpty(Chinook.track.filter(Column("Milliseconds") > 5_000)) },
        ParityCase("Track.filter(Composer == nil).exists()") { _ in
            .fetchRequest(SQLRequest<Row>(literal: "SELECT \(Chinook.track.filter(Column("Composer") == nil).exists())"))
        },
        ParityCase("Genre.including(required: Track.filter(Name.like(\"A%\"))).fetchOne()") { _ in
            .fetchOne(Chinook.genre.including(required: tracksOfGenre.filter(Column("Name").like("A%"))))
        },
    ]

    static let subqueries: [ParityCase] = [
        ParityCase("Track.filter(Genre.filter(Name == \"Jazz\").select(GenreId).contains(GenreId)).count") { _ in
            .count(Chinook.track.filter(Chinook.genre.filter(Column("Name") == "Jazz").select(Column("GenreId")).contains(Column("GenreId"))))
        },
        ParityCase("Track.filter(Genre.filter(Name.like(\"R%\")).select(GenreId).contains(GenreId)).select(Name).limit(5)") { _ in
            .fetch(Chinook.track.filter(Chinook.genre.filter(Column("Name").like("R%")).select(Column("GenreId")).contains(Column("GenreId")))
                .select(Column("Name")).limit(5))
        },
        // Artist is not linked to Track: a table request.
        // Employee is linked to itself twice (belongsTo and hasMany): as a subquery it was an
        // "ambiguous association" error (RandomParityTests).
        ParityCase("Employee.filter(EmployeeId > Employee.select(average(EmployeeId))).select(LastName)") { _ in
            .fetch(Chinook.employee.filter(Column("EmployeeId") > Chinook.employee.select(average(Column("EmployeeId")))).select(Column("LastName")))
        },
        ParityCase("Employee.filter(Employee.filter(Title == \"IT Manager\").select(EmployeeId).contains(ReportsTo)).select(LastName)") { _ in
            .fetch(Chinook.employee.filter(Chinook.employee.filter(Column("Title") == "IT Manager").select(Column("EmployeeId")).contains(Column("ReportsTo")))
                .select(Column("LastName")))
        },
        ParityCase("Customer.filter(Employee.filter(City == \"Calgary\").limit(1).exists()).count") { _ in
            .count(Chinook.customer.filter(Chinook.employee.filter(Column("City") == "Calgary").limit(1).exists()))
        },
        // Album names a join inside Track's; Album.select(…) is still a subquery, as Table("Album")
        // is in Swift: it was "no such column: select" (RandomParityTests).
        ParityCase("MediaType.joining(required: Track.joining(required: Album)).filter(MediaTypeId < Album.select(max(ArtistId))).distinct()") { _ in
            .fetch(Chinook.mediaType.joining(required: Chinook.mediaType.hasMany(Chinook.track).joining(required: Chinook.track.belongsTo(Chinook.album)))
                .filter(Column("MediaTypeId") < Chinook.album.select(max(Column("ArtistId")))).distinct())
        },
        ParityCase("MediaType.joining(required: Track.joining(required: Album)).filter(Album.filter(Title.like(\"A%\")).select(ArtistId).contains(MediaTypeId)).distinct()") { _ in
            .fetch(Chinook.mediaType.joining(required: Chinook.mediaType.hasMany(Chinook.track).joining(required: Chinook.track.belongsTo(Chinook.album)))
                .filter(Chinook.album.filter(Column("Title").like("A%")).select(Column("ArtistId")).contains(Column("MediaTypeId"))).distinct())
        },
        ParityCase("Track.filter(Artist.select(ArtistId).contains(AlbumId)).count") { _ in
            .count(Chinook.track.filter(Chinook.artist.select(Column("ArtistId")).contains(Column("AlbumId"))))
        },
        ParityCase("Track.filter(Milliseconds > Track.select(average(Milliseconds))).count") { _ in
            .count(Chinook.track.filter(Column("Milliseconds") > Chinook.track.select(average(Column("Milliseconds")))))
        },
        ParityCase("Invoice.select(InvoiceId, Total, Invoice.select(max(Total)).forKey(\"best\")).limit(3)") { _ in
            .fetch(Chinook.invoice.select(Column("InvoiceId"), Column("Total"), Chinook.invoice.select(max(Column("Total"))).forKey("best")).limit(3))
        },
        ParityCase("Genre.filter(Track.filter(Milliseconds > 2_000_000).exists())") { _ in
            .fetch(Chinook.genre.filter(Chinook.track.filter(Column("Milliseconds") > 2_000_000).exists()))
        },
        ParityCase("Genre.filter(!Track.filter(Milliseconds > 9_000_000).exists())") { _ in
            .fetch(Chinook.genre.filter(!Chinook.track.filter(Column("Milliseconds") > 9_000_000).exists()))
        },
        ParityCase("Track.filter(Genre.select(GenreId).order(GenreId).limit(2).contains(GenreId)).count") { _ in
            .count(Chinook.track.filter(Chinook.genre.select(Column("GenreId")).order(Column("GenreId")).limit(2).contains(Column("GenreId"))))
        },
    ]

    static let functions: [ParityCase] = [
        ParityCase("Invoice.select(dateTime(InvoiceDate, .startOfMonth, .month(1), .day(-1))).limit(2)") { _ in
            .fetch(Chinook.invoice.select(dateTime(Column("InvoiceDate"), .startOfMonth, .month(1), .day(-1))).limit(2))
        },
        ParityCase("Invoice.select(dateTime(InvoiceDate), julianDay(InvoiceDate)).limit(2)") { _ in
            .fetch(Chinook.invoice.select(dateTime(Column("InvoiceDate")), julianDay(Column("InvoiceDate"))).limit(2))
        },
        ParityCase("Invoice.select(julianDay(InvoiceDate, .hour(12), .minute(30), .second(1.5))).limit(2)") { _ in
            .fetch(Chinook.invoice.select(julianDay(Column("InvoiceDate"), .hour(12), .minute(30), .second(1.5))).limit(2))
        },
        ParityCase("Invoice.select(dateTime(InvoiceDate, .startOfYear, .weekday(0), .year(1), .startOfDay)).limit(2)") { _ in
            .fetch(Chinook.invoice.select(dateTime(Column("InvoiceDate"), .startOfYear, .weekday(0), .year(1), .startOfDay)).limit(2))
        },
        ParityCase("Invoice.filter(julianDay(InvoiceDate) - julianDay(\"2009-01-01\") < 10)") { _ in
            .fetch(Chinook.invoice.filter(julianDay(Column("InvoiceDate")) - julianDay("2009-01-01".databaseValue) < 10))
        },
        ParityCase("Genre.select(Name.capitalized, Name.localizedCapitalized, Name.localizedLowercased, Name.localizedUppercased)") { _ in
            .fetch(Chinook.genre.select(Column("Name").capitalized, Column("Name").localizedCapitalized,
                                        Column("Name").localizedLowercased, Column("Name").localizedUppercased))
        },
        ParityCase("Invoice.select(sum(Total, filter: Total > 5), total(Total, filter: BillingCountry == \"USA\"), average(Total, filter: Total < 2), min(Total, filter: Total > 1), max(Total, filter: Total < 20))") { _ in
            .fetch(Chinook.invoice.select(sum(Column("Total"), filter: Column("Total") > 5), total(Column("Total"), filter: Column("BillingCountry") == "USA"),
                                          average(Column("Total"), filter: Column("Total") < 2), min(Column("Total"), filter: Column("Total") > 1),
                                          max(Column("Total"), filter: Column("Total") < 20)))
        },
        ParityCase("Invoice.select(BillingCountry, sum(Total, filter: Total > 10).forKey(\"big\")).group(BillingCountry).order(BillingCountry).limit(4)") { _ in
            .fetch(Chinook.invoice.select(Column("BillingCountry"), sum(Column("Total"), filter: Column("Total") > 10).forKey("big"))
                .group(Column("BillingCountry")).order(Column("BillingCountry")).limit(4))
        },
        ParityCase("Genre.select(Name, as: String.self)") { _ in .fetchRequest(Chinook.genre.select(Column("Name"), as: String.self)) },
        ParityCase("Track.select(Milliseconds / 1000, as: Int.self).limit(3)") { _ in
            .fetchRequest(Chinook.track.select(Column("Milliseconds") / 1000, as: Int.self).limit(3))
        },
        ParityCase("Track.select(cast(Bytes, as: .text), length(cast(Name, as: .blob)), Composer ?? \"unknown\").limit(3)") { _ in
            .fetch(Chinook.track.select(cast(Column("Bytes"), as: .text), length(cast(Column("Name"), as: .blob)), Column("Composer") ?? "unknown").limit(3))
        },
    ]

    private static let countAll = SQL("COUNT(*)").sqlExpression
    private static var longTracks: CommonTableExpression<Row> {
        CommonTableExpression(named: "long", request: Chinook.track.filter(Column("Milliseconds") > 1_000_000).select(Column("TrackId")))
    }
    private static var counter: CommonTableExpression<Row> {
        CommonTableExpression(recursive: true, named: "counter", columns: ["n"], sql: "SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < 5")
    }
    private static var trackCount: CommonTableExpression<Row> {
        CommonTableExpression(named: "trackCount", request: Chinook.track.select(Column("AlbumId"), countAll.forKey("n")).group(Column("AlbumId")))
    }
    private static let trackCountSQL = #"CommonTableExpression(named: "trackCount", request: Track.select(AlbumId, count(*).forKey("n")).group(AlbumId))"#

    static let commonTables: [ParityCase] = [
        ParityCase(#"Track.with(CommonTableExpression(named: "long", request: Track.filter(Milliseconds > 1_000_000).select(TrackId))).filter(long.select(TrackId).contains(TrackId)).select(Name)"#) { _ in
            .fetch(Chinook.track.with(longTracks).filter(longTracks.all().select(Column("TrackId")).contains(Column("TrackId"))).select(Column("Name")))
        },
        ParityCase(#"Genre.with(CommonTableExpression(recursive: true, named: "counter", columns: ["n"], sql: "SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < 5")).filter(counter.select(n).contains(GenreId))"#) { _ in
            .fetch(Chinook.genre.with(counter).filter(counter.all().select(Column("n")).contains(Column("GenreId"))))
        },
        ParityCase(#"Genre.with(CommonTableExpression(recursive: true, named: "counter", columns: ["n"], sql: "SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < 5")).filter(counter.filter(n > 4).exists()).fetchCount()"#) { _ in
            .count(Chinook.genre.with(counter).filter(counter.all().filter(Column("n") > 4).exists()))
        },
        ParityCase("Album.with(\(trackCountSQL)).including(required: association(to: trackCount, on: AlbumId == trackCount.AlbumId)).limit(3)") { _ in
            .fetch(Chinook.album.with(trackCount).including(required: Chinook.album.association(to: trackCount, on: { left, right in
                left[Column("AlbumId")] == right[Column("AlbumId")]
            })).limit(3))
        },
        ParityCase("Album.with(\(trackCountSQL)).including(optional: association(to: trackCount, on: AlbumId == trackCount.AlbumId).select(n)).filter(ArtistId == 1)") { _ in
            .fetch(Chinook.album.with(trackCount).including(optional: Chinook.album.association(to: trackCount, on: { left, right in
                left[Column("AlbumId")] == right[Column("AlbumId")]
            }).select(Column("n"))).filter(Column("ArtistId") == 1))
        },
        ParityCase("Album.with(\(trackCountSQL)).joining(required: association(to: trackCount, on: AlbumId == trackCount.AlbumId && trackCount.n > 20)).select(Title)") { _ in
            .fetch(Chinook.album.with(trackCount).joining(required: Chinook.album.association(to: trackCount, on: { left, right in
                left[Column("AlbumId")] == right[Column("AlbumId")] && right[Column("n")] > 20
            })).select(Column("Title")))
        },
    ]

    static let throughAssociations: [ParityCase] = [
        ParityCase("Genre.including(required: hasMany(InvoiceLine, through: Track, using: InvoiceLine)).filter(GenreId == 25)") { _ in
            .fetch(Chinook.genre.including(required: Chinook.genre.hasMany(Row.self, through: tracksOfGenre, using: Chinook.track.hasMany(Chinook.invoiceLine)))
                .filter(Column("GenreId") == 25))
        },
        ParityCase("Genre.joining(required: hasMany(InvoiceLine, through: Track, using: InvoiceLine).filter(Quantity > 0)).select(Name).distinct().fetchCount()") { _ in
            .count(Chinook.genre.joining(required: Chinook.genre.hasMany(Row.self, through: tracksOfGenre, using: Chinook.track.hasMany(Chinook.invoiceLine))
                .filter(Column("Quantity") > 0)).select(Column("Name")).distinct())
        },
        ParityCase("Track.including(optional: hasOne(Artist, through: Album, using: Artist)).limit(3)") { _ in
            .fetch(Chinook.track.including(optional: Chinook.track.hasOne(Row.self, through: Chinook.track.belongsTo(Chinook.album),
                                                                         using: Chinook.album.belongsTo(Chinook.artist))).limit(3))
        },
        ParityCase("InvoiceLine.including(required: hasOne(Genre, through: Track, using: Genre, key: \"genre\").select(Name)).limit(3)") { _ in
            .fetch(Chinook.invoiceLine.including(required: Chinook.invoiceLine.hasOne(Row.self, through: Chinook.invoiceLine.belongsTo(Chinook.track),
                                                                                      using: Chinook.track.belongsTo(Chinook.genre), key: "genre")
                .select(Column("Name"))).limit(3))
        },
        // A to-one through another, with including(optional:) inside: the join GRDB writes for both.
        ParityCase("InvoiceLine.including(optional: Track.including(optional: Album.including(optional: Artist))).limit(2)") { _ in
            .fetch(Chinook.invoiceLine.including(optional: Chinook.invoiceLine.belongsTo(Chinook.track)
                .including(optional: Chinook.track.belongsTo(Chinook.album).including(optional: Chinook.album.belongsTo(Chinook.artist)))).limit(2))
        },
        ParityCase("Genre.annotated(with: hasMany(InvoiceLine, through: Track, using: InvoiceLine).count).order(Name).limit(3)") { _ in
            .fetch(Chinook.genre.annotated(with: Chinook.genre.hasMany(Row.self, through: tracksOfGenre, using: Chinook.track.hasMany(Chinook.invoiceLine)).count)
                .order(Column("Name")).limit(3))
        },
        ParityCase("Genre.having(hasMany(InvoiceLine, through: Track, using: InvoiceLine).sum(Quantity) > 100).select(Name)") { _ in
            .fetch(Chinook.genre.having(Chinook.genre.hasMany(Row.self, through: tracksOfGenre, using: Chinook.track.hasMany(Chinook.invoiceLine))
                .sum(Column("Quantity")) > 100).select(Column("Name")))
        },
        ParityCase("Genre.including(optional: Track).filter(GenreId == 25)") { _ in
            .fetch(Chinook.genre.including(optional: tracksOfGenre).filter(Column("GenreId") == 25))
        },
    ]

    static let keys: [ParityCase] = [
        ParityCase("Genre.filter(key: 7)") { _ in .fetch(Chinook.genre.filter(key: 7)) },
        ParityCase("Genre.filter(key: \"7\")", widerRegion: "Genre(GenreId,Name)[7]") { _ in .fetch(Chinook.genre.filter(key: "7")) },
        ParityCase("Genre.filter(key: \" 7 \")", widerRegion: "Genre(GenreId,Name)[7]") { _ in .fetch(Chinook.genre.filter(key: " 7 ")) },
        ParityCase("Genre.filter(key: \"1e1\")", widerRegion: "Genre(GenreId,Name)[10]") { _ in .fetch(Chinook.genre.filter(key: "1e1")) },
        ParityCase("Genre.filter(key: 7.0)") { _ in .fetch(Chinook.genre.filter(key: 7.0)) },
        ParityCase("Genre.filter(key: \"7.5\")") { _ in .fetch(Chinook.genre.filter(key: "7.5")) },
        ParityCase("Genre.filter(key: \"seven\")") { _ in .fetch(Chinook.genre.filter(key: "seven")) },
        ParityCase("Genre.filter(keys: [\"1\", 2])", widerRegion: "Genre(GenreId,Name)[1,2]") { _ in
            .fetch(Chinook.genre.filter(keys: ["1".databaseValue, 2.databaseValue]))
        },
        ParityCase("Genre.filter(keys: [\"1\", \"x\", 3])", widerRegion: "Genre(GenreId,Name)[1,3]") { _ in
            .fetch(Chinook.genre.filter(keys: ["1".databaseValue, "x".databaseValue, 3.databaseValue]))
        },
        ParityCase("Track.filter(TrackId == \"77\").select(Name)", widerRegion: "Track(Name,TrackId)[77]") { _ in
            .fetch(Chinook.track.filter(Column("TrackId") == "77").select(Column("Name")))
        },
        ParityCase("Track.filter(Column(\"TrackId\") == \"77\").select(Column(\"Name\"))", widerRegion: "Track(Name,TrackId)[77]") { _ in
            .fetch(Chinook.track.filter(Column("TrackId") == "77").select(Column("Name")))
        },
        ParityCase("Track.filter(\"77\" == TrackId).select(Name)", widerRegion: "Track(Name,TrackId)[77]") { _ in
            .fetch(Chinook.track.filter("77" == Column("TrackId")).select(Column("Name")))
        },
        ParityCase("Track.filter([\"1\", 2].contains(TrackId)).select(Name)", widerRegion: "Track(Name,TrackId)[1,2]") { _ in
            .fetch(Chinook.track.filter(["1".databaseValue, 2.databaseValue].contains(Column("TrackId"))).select(Column("Name")))
        },
        ParityCase("Track.filter(rowid == \"5\").select(Name)", widerRegion: "Track(Name,TrackId)[5]") { _ in
            .fetch(Chinook.track.filter(Column("rowid") == "5").select(Column("Name")))
        },
        ParityCase("Track.filter(TrackId === \"5\" || TrackId == 6).select(Name)", widerRegion: "Track(Name,TrackId)[5,6]") { _ in
            .fetch(Chinook.track.filter(Column("TrackId") === "5" || Column("TrackId") == 6).select(Column("Name")))
        },
        ParityCase("Genre.filter(key: \"7\").fetchOne()", widerRegion: "Genre(GenreId,Name)[7]") { _ in .fetchOne(Chinook.genre.filter(key: "7")) },
        ParityCase("Genre.filter(key: \"7\").fetchCount()", widerRegion: "Genre(*)[7]") { _ in .count(Chinook.genre.filter(key: "7")) },
        // A string compared to another column narrows nothing, in GRDB as in the DSL.
        ParityCase("Track.filter(GenreId == \"7\").count") { _ in .count(Chinook.track.filter(Column("GenreId") == "7")) },
    ]

    /// GRDB's spelling in an app: `try` (`try!`, `try?`), the `db` argument, the key methods
    /// of `Table` and of records (`fetchOne(db, key:)`, `deleteOne(db, key:)`, `id:`).
    static let pastedFromSwift: [ParityCase] = [
        ParityCase("try Genre.fetchAll(db)") { _ in .fetch(Chinook.genre.all()) },
        ParityCase("try! Track.filter(GenreId == 1).fetchCount(db)") { _ in .count(Chinook.track.filter(Column("GenreId") == 1)) },
        ParityCase("try? Track.order(Milliseconds.desc).fetchOne(db)") { _ in .fetchOne(Chinook.track.order(Column("Milliseconds").desc)) },
        ParityCase("Track.select(GenreId).fetchSet(db)") { _ in .fetchSet(Chinook.track.select(Column("GenreId"))) },
        ParityCase("Genre.filter(key: 99).isEmpty(db)") { _ in .isEmpty(Chinook.genre.filter(key: 99)) },
        ParityCase("try Genre.fetchOne(db, key: 2)") { _ in .fetchOne(Chinook.genre.filter(key: 2)) },
        ParityCase("try Genre.fetchOne(db, id: 3)") { _ in .fetchOne(Chinook.genre.filter(key: 3)) },
        ParityCase("try Genre.fetchAll(db, keys: [1, 3])") { _ in .fetch(Chinook.genre.filter(keys: [1, 3])) },
        ParityCase("Genre.filter(ids: [4, 5]).fetchAll(db)") { _ in .fetch(Chinook.genre.filter(keys: [4, 5])) },
        ParityCase("Genre.filter(id: 6).fetchOne(db)") { _ in .fetchOne(Chinook.genre.filter(key: 6)) },
        ParityCase("try Genre.exists(db, key: 1)") { _ in
            .fetchRequest(SQLRequest<Row>(literal: "SELECT \(Chinook.genre.filter(key: 1).exists())"))
        },
        ParityCase("try Track.deleteOne(db, key: 3)") { _ in .deleteAll(Chinook.track.filter(key: 3), table: "Track") },
        ParityCase("try Track.deleteAll(db, keys: [4, 5])") { _ in .deleteAll(Chinook.track.filter(keys: [4, 5]), table: "Track") },
        ParityCase("try Track.filter(key: 6).updateAll(db, Bytes -= 1)") { _ in
            .updateAll(Chinook.track.filter(key: 6), [Column("Bytes") -= 1], table: "Track")
        },
    ]

    static let sqliteErrors: [ParityCase] = [
        ParityCase("Track.filter(Milliseconds > Track.select(Milliseconds, Bytes)).count") { _ in
            .count(Chinook.track.filter(Column("Milliseconds") > Chinook.track.select(Column("Milliseconds"), Column("Bytes"))))
        },
        ParityCase("Track.filter(Genre.select(GenreId, Name).contains(GenreId))") { _ in
            .fetch(Chinook.track.filter(Chinook.genre.select(Column("GenreId"), Column("Name")).contains(Column("GenreId"))))
        },
        ParityCase("Track.select(Name, as: String.self).filter(nosuch == 1)") { _ in
            .fetchRequest(Chinook.track.select(Column("Name"), as: String.self).filter(Column("nosuch") == 1))
        },
    ]
}
