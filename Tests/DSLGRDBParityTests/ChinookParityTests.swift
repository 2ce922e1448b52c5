import Foundation
import GRDB
import Testing

/// The Chinook tables, as a Swift program names them.
enum Chinook {
    static let album = Table<Row>("Album")
    static let artist = Table<Row>("Artist")
    static let customer = Table<Row>("Customer")
    static let employee = Table<Row>("Employee")
    static let genre = Table<Row>("Genre")
    static let invoice = Table<Row>("Invoice")
    static let invoiceLine = Table<Row>("InvoiceLine")
    static let mediaType = Table<Row>("MediaType")
    static let playlistTrack = Table<Row>("PlaylistTrack")
    static let track = Table<Row>("Track")
}

/// The same request typed in the DSL and written in Swift with GRDB runs the same SQL, with
/// the same arguments, and gives the same rows (or the same error), on the Chinook database.
/// Each group is a class of difference: names, constant expressions, counts, aggregates,
/// associations, ordering, limits, NULL, `like`, `in`, functions, dates, mutations.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: ParityDatabases.chinookScript.path),
                "the shared Chinook script is on this machine"))
struct ChinookParityTests {
    static func check(_ parityCase: ParityCase) throws {
        try ParityCase.check(parityCase, on: ParityDatabases.chinook)
    }

    @Test(arguments: names + constants + constantArguments)
    func names_and_constants(_ parityCase: ParityCase) throws { try Self.check(parityCase) }

    @Test(arguments: counts)
    func counting(_ parityCase: ParityCase) throws { try Self.check(parityCase) }

    @Test(arguments: aggregates + associations)
    func aggregates_and_associations(_ parityCase: ParityCase) throws { try Self.check(parityCase) }

    @Test(arguments: ordering + filters)
    func ordering_limits_and_filters(_ parityCase: ParityCase) throws { try Self.check(parityCase) }

    @Test(arguments: functions + mutations)
    func functions_dates_and_mutations(_ parityCase: ParityCase) throws { try Self.check(parityCase) }
}

extension ChinookParityTests {
    static let names: [ParityCase] = [
        ParityCase("Track") { _ in .fetch(Chinook.track.all()) },
        ParityCase("track.filter(name == \"Snowballed\")") { _ in .fetch(Chinook.track.filter(Column("Name") == "Snowballed")) },
        ParityCase("Track.select(Name, Milliseconds / 1000).limit(3)") { _ in
            .fetch(Chinook.track.select(Column("Name"), Column("Milliseconds") / 1000).limit(3))
        },
        // The alias left the selection: GRDB's SQL names a column that does not exist.
        ParityCase("Genre.select(Name).annotated(with: Track.count.forKey(\"tracks\")).select(Name, tracks)") { _ in
            .fetch(Chinook.genre.select(Column("Name")).annotated(with: Chinook.genre.hasMany(Chinook.track).count.forKey("tracks"))
                .select(Column("Name"), Column("tracks").detached))
        },
        ParityCase("Genre.annotated(with: Track.count.forKey(\"tracks\")).order(tracks.desc).limit(3)") { _ in
            .fetch(Chinook.genre.annotated(with: Chinook.genre.hasMany(Chinook.track).count.forKey("tracks"))
                .order(Column("tracks").detached.desc).limit(3))
        },
        ParityCase("Track.select(Name.forKey(\"title\")).filter(title == \"Snowballed\")") { _ in
            .fetch(Chinook.track.select(Column("Name").forKey("title")).filter(Column("title").detached == "Snowballed"))
        },
        ParityCase("Track.select(nosuch)") { _ in .fetch(Chinook.track.select(Column("nosuch"))) },
    ]

    static let constants: [ParityCase] = [
        ParityCase("Customer.filter(FirstName == \"Fran\" + \"çois\")") { _ in
            .fetch(Chinook.customer.filter(Column("FirstName") == "Fran" + "çois"))
        },
        ParityCase("Customer.filter(FirstName + \" \" + LastName == \"Luís Gonçalves\")") { _ in
            .fetch(Chinook.customer.filter(Column("FirstName") + " " + Column("LastName") == "Luís Gonçalves"))
        },
        ParityCase("Track.filter(Milliseconds > 60 * 1000 * 10)") { _ in .fetch(Chinook.track.filter(Column("Milliseconds") > 60 * 1000 * 10)) },
        ParityCase("Track.filter(Milliseconds > 7 / 2 * 100_000)") { _ in .fetch(Chinook.track.filter(Column("Milliseconds") > 7 / 2 * 100_000)) },
        ParityCase("Track.filter(UnitPrice > 1 / 2 + 0.5)") { _ in .fetch(Chinook.track.filter(Column("UnitPrice") > 1 / 2 + 0.5)) },
        ParityCase("Track.filter(Milliseconds < -(2 * 3) + 10)") { _ in .fetch(Chinook.track.filter(Column("Milliseconds") < -(2 * 3) + 10)) },
        ParityCase("Invoice.filter(Total > 10 - 2.5)") { _ in .fetch(Chinook.invoice.filter(Column("Total") > 10 - 2.5)) },
        ParityCase("Track.filter(UnitPrice * 2 > 1.5 + 0.5)") { _ in .fetch(Chinook.track.filter(Column("UnitPrice") * 2 > 1.5 + 0.5)) },
        ParityCase("Track.filter(Milliseconds * (2 + 3) > 1_000_000)") { _ in
            .fetch(Chinook.track.filter(Column("Milliseconds") * (2 + 3) > 1_000_000))
        },
        ParityCase("Customer.filter(1 < 2 && Country == \"Brazil\")") { _ in .fetch(Chinook.customer.filter(1 < 2 && Column("Country") == "Brazil")) },
        // Int.min, as Swift writes it: the DSL refused its magnitude as too large (RandomParityTests).
        ParityCase("Track.filter(Milliseconds > -9223372036854775808).count") { _ in
            .count(Chinook.track.filter(Column("Milliseconds") > -9223372036854775808))
        },
        ParityCase("Track.select(Milliseconds - -9_223_372_036_854_775_808).limit(2)") { _ in
            .fetch(Chinook.track.select(Column("Milliseconds") - -9_223_372_036_854_775_808).limit(2))
        },
        ParityCase("Customer.filter(Country == \"Bra\" + \"zil\" || \"a\" < \"b\")") { _ in
            .fetch(Chinook.customer.filter(Column("Country") == "Bra" + "zil" || "a" < "b"))
        },
    ]

    /// Constants where a literal stands: patterns, limits, keys, filters, selections.
    static let constantArguments: [ParityCase] = [
        ParityCase("Track.filter(Name.like(\"A\" + \"%\")).limit(2 * 5)") { _ in .fetch(Chinook.track.filter(Column("Name").like("A" + "%")).limit(2 * 5)) },
        ParityCase("Track.filter(key: 1 + 1)") { _ in .fetch(Chinook.track.filter(key: 1 + 1)) },
        ParityCase("Invoice.select(0.1 + 0.2, -(7 / 2)).limit(1)") { _ in
            .fetch(Chinook.invoice.select((0.1 + 0.2).databaseValue, (-(7 / 2)).databaseValue).limit(1))
        },
        ParityCase("Track.select(Name, 2 * 3.5, \"x\" + \"y\").limit(2)") { _ in .fetch(Chinook.track.select(Column("Name"), (2 * 3.5).databaseValue, ("x" + "y").databaseValue).limit(2)) },
    ]

    static let counts: [ParityCase] = [
        ParityCase("Track.count") { _ in .count(Chinook.track.all()) },
        ParityCase("Track.select(Name).count") { _ in .count(Chinook.track.select(Column("Name"))) },
        ParityCase("Track.annotated(with: UnitPrice * 2).count") { _ in .count(Chinook.track.annotated(with: Column("UnitPrice") * 2)) },
        ParityCase("Customer.select(State).distinct().count") { _ in .count(Chinook.customer.select(Column("State")).distinct()) },
        ParityCase("Customer.select(State.forKey(\"s\")).distinct().count") { _ in
            .count(Chinook.customer.select(Column("State").forKey("s")).distinct())
        },
        ParityCase("Customer.distinct().count") { _ in .count(Chinook.customer.all().distinct()) },
        ParityCase("Customer.select(Country, State).distinct().count") { _ in .count(Chinook.customer.select(Column("Country"), Column("State")).distinct()) },
        ParityCase("Customer.select(Country, State).count") { _ in .count(Chinook.customer.select(Column("Country"), Column("State"))) },
        ParityCase("Track.select(Name.forKey(\"n\")).count") { _ in .count(Chinook.track.select(Column("Name").forKey("n"))) },
        ParityCase("Track.select(Name, (UnitPrice * 2).forKey(\"p\")).count") { _ in
            .count(Chinook.track.select(Column("Name"), (Column("UnitPrice") * 2).forKey("p")))
        },
        ParityCase("Track.annotated(with: (UnitPrice * 2).forKey(\"p\")).filter(p > 1).count") { _ in
            .count(Chinook.track.annotated(with: (Column("UnitPrice") * 2).forKey("p")).filter(Column("p").detached > 1))
        },
        ParityCase("Track.limit(10).count") { _ in .count(Chinook.track.limit(10)) },
        ParityCase("Track.filter(GenreId == 1).order(Name).count") { _ in .count(Chinook.track.filter(Column("GenreId") == 1).order(Column("Name"))) },
        ParityCase("Track.including(required: Genre).count") { _ in .count(Chinook.track.including(required: Chinook.track.belongsTo(Chinook.genre))) },
        ParityCase("Track.joining(optional: Album).count") { _ in .count(Chinook.track.joining(optional: Chinook.track.belongsTo(Chinook.album))) },
        ParityCase("Genre.annotated(with: Track.count).count") { _ in .count(Chinook.genre.annotated(with: Chinook.genre.hasMany(Chinook.track).count)) },
        ParityCase("Track.select(GenreId).group(GenreId).count") { _ in .count(Chinook.track.select(Column("GenreId")).group(Column("GenreId"))) },
        ParityCase("Track.select(count(*)).count") { _ in .count(Chinook.track.select(SQL("COUNT(*)").sqlExpression)) },
        ParityCase("Track.having(count(*) > 1).count") { _ in .count(Chinook.track.all().having(SQL("COUNT(*)").sqlExpression > 1)) },
    ]
}
