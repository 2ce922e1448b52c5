import GRDB

/// The parity cases of associations, ordering, filters, functions and mutations.
extension ChinookParityTests {
    private static var tracksOfGenre: HasManyAssociation<Row, Row> { Chinook.genre.hasMany(Chinook.track) }

    static let aggregates: [ParityCase] = [
        ParityCase("Genre.annotated(with: Track.count)") { _ in .fetch(Chinook.genre.annotated(with: tracksOfGenre.count)) },
        ParityCase("Genre.annotated(with: Track.sum(Milliseconds))") { _ in .fetch(Chinook.genre.annotated(with: tracksOfGenre.sum(Column("Milliseconds")))) },
        ParityCase("Genre.annotated(with: Track.min(UnitPrice), Track.max(UnitPrice), Track.average(Milliseconds), Track.total(Bytes))") { _ in
            .fetch(Chinook.genre.annotated(with: tracksOfGenre.min(Column("UnitPrice")), tracksOfGenre.max(Column("UnitPrice")),
                                           tracksOfGenre.average(Column("Milliseconds")), tracksOfGenre.total(Column("Bytes"))))
        },
        ParityCase("Genre.annotated(with: Track.sum(Milliseconds / 1000))") { _ in
            .fetch(Chinook.genre.annotated(with: tracksOfGenre.sum(Column("Milliseconds") / 1000)))
        },
        ParityCase("Genre.annotated(with: Track.isEmpty)") { _ in .fetch(Chinook.genre.annotated(with: tracksOfGenre.isEmpty)) },
        ParityCase("Genre.having(Track.count > 100)") { _ in .fetch(Chinook.genre.having(tracksOfGenre.count > 100)) },
        ParityCase("Genre.having(Track.max(Milliseconds) > 2_000_000)") { _ in .fetch(Chinook.genre.having(tracksOfGenre.max(Column("Milliseconds")) > 2_000_000)) },
        ParityCase("Album.annotated(with: Track.sum(Milliseconds).forKey(\"length\")).order(length.desc).limit(5)") { _ in
            .fetch(Chinook.album.annotated(with: Chinook.album.hasMany(Chinook.track).sum(Column("Milliseconds")).forKey("length"))
                .order(Column("length").detached.desc).limit(5))
        },
        // GRDB's default names, as Swift names them: Column("TrackCount").detached.
        ParityCase("Album.annotated(with: Track.count).order(TrackCount.desc, AlbumId).limit(3)") { _ in
            .fetch(Chinook.album.annotated(with: Chinook.album.hasMany(Chinook.track).count)
                .order(Column("TrackCount").detached.desc, Column("AlbumId")).limit(3))
        },
        ParityCase("Genre.annotated(with: Track.average(Milliseconds)).having(averageTrackMilliseconds > 300_000)") { _ in
            .fetch(Chinook.genre.annotated(with: tracksOfGenre.average(Column("Milliseconds")))
                .having(Column("averageTrackMilliseconds").detached > 300_000))
        },
        ParityCase("Genre.annotated(with: Track.filter(Composer == nil).count)") { _ in
            .fetch(Chinook.genre.annotated(with: tracksOfGenre.filter(Column("Composer") == nil).count))
        },
    ]

    static let associations: [ParityCase] = [
        ParityCase("Track.including(required: Genre).limit(3)") { _ in .fetch(Chinook.track.including(required: Chinook.track.belongsTo(Chinook.genre)).limit(3)) },
        ParityCase("Track.including(optional: Album.select(Title)).limit(5)") { _ in
            .fetch(Chinook.track.including(optional: Chinook.track.belongsTo(Chinook.album).select(Column("Title"))).limit(5))
        },
        ParityCase("Track.joining(required: Genre.filter(Name == \"Jazz\")).select(Name)") { _ in
            .fetch(Chinook.track.joining(required: Chinook.track.belongsTo(Chinook.genre).filter(Column("Name") == "Jazz")).select(Column("Name")))
        },
        ParityCase("InvoiceLine.including(required: Invoice.including(required: Customer)).including(required: Track).limit(3)") { _ in
            .fetch(Chinook.invoiceLine
                .including(required: Chinook.invoiceLine.belongsTo(Chinook.invoice).including(required: Chinook.invoice.belongsTo(Chinook.customer)))
                .including(required: Chinook.invoiceLine.belongsTo(Chinook.track)).limit(3))
        },
        ParityCase("Track.joining(required: Genre).filter(Genre.Name == \"Rock\").count") { _ in
            let genre = TableAlias()
            return .count(Chinook.track.joining(required: Chinook.track.belongsTo(Chinook.genre).aliased(genre)).filter(genre[Column("Name")] == "Rock"))
        },
        ParityCase("Employee.including(optional: belongsTo(Employee, key: \"manager\", using: ReportsTo))") { _ in
            .fetch(Chinook.employee.including(optional: Chinook.employee.belongsTo(Chinook.employee, key: "manager", using: ForeignKey(["ReportsTo"]))))
        },
        ParityCase("Employee.annotated(with: hasMany(Employee, key: \"report\", using: ReportsTo).count)") { _ in
            .fetch(Chinook.employee.annotated(with: Chinook.employee.hasMany(Chinook.employee, key: "report", using: ForeignKey(["ReportsTo"])).count))
        },
        ParityCase("Customer.including(required: Employee.select(LastName)).limit(4)") { _ in
            .fetch(Chinook.customer.including(required: Chinook.customer.belongsTo(Chinook.employee).select(Column("LastName"))).limit(4))
        },
        ParityCase("Genre.joining(required: Track.filter(Composer == nil)).distinct()") { _ in
            .fetch(Chinook.genre.joining(required: tracksOfGenre.filter(Column("Composer") == nil)).distinct())
        },
        ParityCase("Album.including(required: Artist.filter(Name.like(\"A%\"))).order(Title).limit(3)") { _ in
            .fetch(Chinook.album.including(required: Chinook.album.belongsTo(Chinook.artist).filter(Column("Name").like("A%")))
                .order(Column("Title")).limit(3))
        },
    ]

    static let ordering: [ParityCase] = [
        ParityCase("Track.order(Composer.ascNullsLast, Name).limit(5)") { _ in .fetch(Chinook.track.order(Column("Composer").ascNullsLast, Column("Name")).limit(5)) },
        ParityCase("Track.order(Milliseconds.desc).reversed().limit(3)") { _ in .fetch(Chinook.track.order(Column("Milliseconds").desc).reversed().limit(3)) },
        ParityCase("Track.reversed().limit(3)") { _ in .fetch(Chinook.track.all().reversed().limit(3)) },
        ParityCase("Track.orderByPrimaryKey().limit(3)") { _ in .fetch(Chinook.track.orderByPrimaryKey().limit(3)) },
        ParityCase("PlaylistTrack.orderByPrimaryKey().limit(3)") { _ in .fetch(Chinook.playlistTrack.orderByPrimaryKey().limit(3)) },
        ParityCase("Track.order(Name).unordered().limit(2)") { _ in .fetch(Chinook.track.order(Column("Name")).unordered().limit(2)) },
        ParityCase("Track.limit(5, offset: 10)") { _ in .fetch(Chinook.track.limit(5, offset: 10)) },
        ParityCase("Track.order(Composer.descNullsFirst, Name.asc).limit(4)") { _ in
            .fetch(Chinook.track.order(Column("Composer").descNullsFirst, Column("Name").asc).limit(4))
        },
    ]

    static let filters: [ParityCase] = [
        ParityCase("Customer.filter(State == nil)") { _ in .fetch(Chinook.customer.filter(Column("State") == nil)) },
        ParityCase("Customer.filter(State != nil).count") { _ in .count(Chinook.customer.filter(Column("State") != nil)) },
        ParityCase("Customer.filter(Company === nil && Fax !== nil)") { _ in
            .fetch(Chinook.customer.filter(Column("Company") === nil && Column("Fax") !== nil))
        },
        ParityCase("Customer.filter(State ?? \"none\" == \"none\")") { _ in .fetch(Chinook.customer.filter(Column("State") ?? "none" == "none")) },
        ParityCase("Track.filter(Composer != nil && GenreId == 1).count") { _ in .count(Chinook.track.filter(Column("Composer") != nil && Column("GenreId") == 1)) },
        ParityCase("Customer.filter(key: 1)") { _ in .fetch(Chinook.customer.filter(key: 1)) },
        ParityCase("Customer.filter(keys: [1, 2, 3])") { _ in .fetch(Chinook.customer.filter(keys: [1, 2, 3])) },
        ParityCase("PlaylistTrack.filter(key: [\"PlaylistId\": 1, \"TrackId\": 3402])") { _ in
            .fetch(Chinook.playlistTrack.filter(key: ["PlaylistId": 1, "TrackId": 3402]))
        },
        ParityCase("Track.filter(Name.like(\"%love%\"))") { _ in .fetch(Chinook.track.filter(Column("Name").like("%love%"))) },
        ParityCase("Track.filter(Name.like(\"%50!%%\", escape: \"!\"))") { _ in .fetch(Chinook.track.filter(Column("Name").like("%50!%%", escape: "!"))) },
        ParityCase("Customer.filter(Email.like(\"%@gmail.com\") == false).count") { _ in
            .count(Chinook.customer.filter(Column("Email").like("%@gmail.com") == false))
        },
        ParityCase("Customer.filter([\"Brazil\", \"Canada\"].contains(Country))") { _ in .fetch(Chinook.customer.filter(["Brazil", "Canada"].contains(Column("Country")))) },
        ParityCase("Track.filter([1, 2].contains(GenreId)).count") { _ in .count(Chinook.track.filter([1, 2].contains(Column("GenreId")))) },
        ParityCase("Track.filter((1...3).contains(GenreId)).count") { _ in .count(Chinook.track.filter((1...3).contains(Column("GenreId")))) },
        ParityCase("Track.filter((1..<3).contains(GenreId)).count") { _ in .count(Chinook.track.filter((1..<3).contains(Column("GenreId")))) },
        ParityCase("Track.filter((\"A\"...\"B\").contains(Name)).count") { _ in .count(Chinook.track.filter(("A"..."B").contains(Column("Name")))) },
        ParityCase("Track.filter((0.5...1.0).contains(UnitPrice)).count") { _ in .count(Chinook.track.filter((0.5...1.0).contains(Column("UnitPrice")))) },
        // One array literal, one number type: [10.0, 26] is a [Double] in Swift, and GRDB binds 26.0
        // (the DSL bound 26; RandomParityTests). [1, 2.5].contains(x) is an [any SQLExpressible],
        // whose 1 stays an Int; [0.99, nil, 2] a [Double?] (the DSL bound 2).
        ParityCase("Invoice.filter(keys: [10.0, 26])") { _ in .fetch(Chinook.invoice.filter(keys: [10.0, 26])) },
        ParityCase("Track.filter([1, 2.5].contains(GenreId)).count") { _ in .count(Chinook.track.filter([1, 2.5].contains(Column("GenreId")))) },
        ParityCase("Track.filter([0.99, nil, 2].contains(UnitPrice)).count") { _ in
            .count(Chinook.track.filter([0.99, nil, 2].contains(Column("UnitPrice"))))
        },
        ParityCase("Customer.filter(City.collating(.nocase) == \"paris\")") { _ in .fetch(Chinook.customer.filter(Column("City").collating(.nocase) == "paris")) },
        ParityCase("Track.filter(!(GenreId > 1))") { _ in .fetch(Chinook.track.filter(!(Column("GenreId") > 1))) },
    ]

    static let functions: [ParityCase] = [
        ParityCase("Track.select(Name, Milliseconds / 60000, Bytes / 1024.0).limit(3)") { _ in
            .fetch(Chinook.track.select(Column("Name"), Column("Milliseconds") / 60000, Column("Bytes") / 1024.0).limit(3))
        },
        ParityCase("Track.select(Name.uppercased, Name.lowercased).limit(3)") { _ in
            .fetch(Chinook.track.select(Column("Name").uppercased, Column("Name").lowercased).limit(3))
        },
        ParityCase("InvoiceLine.select(sum(UnitPrice * Quantity))") { _ in .fetch(Chinook.invoiceLine.select(sum(Column("UnitPrice") * Column("Quantity")))) },
        ParityCase("Track.select(abs(Milliseconds - 300000), length(Name), coalesce([Composer, \"unknown\"]), cast(UnitPrice, as: .text)).limit(3)") { _ in
            .fetch(Chinook.track.select(abs(Column("Milliseconds") - 300000), length(Column("Name")),
                                        coalesce([Column("Composer"), "unknown".databaseValue] as [any SQLSpecificExpressible]), cast(Column("UnitPrice"), as: .text)).limit(3))
        },
        ParityCase("Track.select(count(*), count(Composer), count(distinct: Composer), min(Milliseconds), max(Milliseconds), average(Milliseconds), total(Bytes), sum(Bytes))") { _ in
            .fetch(Chinook.track.select(SQL("COUNT(*)").sqlExpression, count(Column("Composer")), count(distinct: Column("Composer")),
                                        min(Column("Milliseconds")), max(Column("Milliseconds")), average(Column("Milliseconds")),
                                        total(Column("Bytes")), sum(Column("Bytes"))))
        },
        ParityCase("Track.select(GenreId, count(*).forKey(\"n\")).group(GenreId).having(count(*) > 100)") { _ in
            .fetch(Chinook.track.select(Column("GenreId"), SQL("COUNT(*)").sqlExpression.forKey("n")).group(Column("GenreId"))
                .having(SQL("COUNT(*)").sqlExpression > 100))
        },
        ParityCase("Invoice.select(BillingCountry, sum(Total)).group(BillingCountry).order(sum(Total).desc).limit(5)") { _ in
            .fetch(Chinook.invoice.select(Column("BillingCountry"), sum(Column("Total"))).group(Column("BillingCountry"))
                .order(sum(Column("Total")).desc).limit(5))
        },
        ParityCase("Invoice.filter(InvoiceDate >= \"2013-01-01\").count") { _ in .count(Chinook.invoice.filter(Column("InvoiceDate") >= "2013-01-01")) },
        ParityCase("Employee.select(LastName, BirthDate).order(BirthDate.desc)") { _ in
            .fetch(Chinook.employee.select(Column("LastName"), Column("BirthDate")).order(Column("BirthDate").desc))
        },
        ParityCase("Invoice.filter((\"2010-01-01\"..<\"2011-01-01\").contains(InvoiceDate)).count") { _ in
            .count(Chinook.invoice.filter(("2010-01-01"..<"2011-01-01").contains(Column("InvoiceDate"))))
        },
    ]

    static let mutations: [ParityCase] = [
        ParityCase("Track.filter(GenreId == 25).deleteAll()") { _ in .deleteAll(Chinook.track.filter(Column("GenreId") == 25), table: "Track") },
        ParityCase("Track.order(Milliseconds.desc).limit(3).deleteAll()") { _ in
            .deleteAll(Chinook.track.order(Column("Milliseconds").desc).limit(3), table: "Track")
        },
        ParityCase("Track.filter(GenreId == 1).limit(2, offset: 1).updateAll(UnitPrice *= 2)") { _ in
            .updateAll(Chinook.track.filter(Column("GenreId") == 1).limit(2, offset: 1), [Column("UnitPrice") *= 2], table: "Track")
        },
        ParityCase("InvoiceLine.joining(required: Track.filter(GenreId == 1)).deleteAll()") { _ in
            .deleteAll(Chinook.invoiceLine.joining(required: Chinook.invoiceLine.belongsTo(Chinook.track).filter(Column("GenreId") == 1)), table: "InvoiceLine")
        },
        ParityCase("Track.filter(Composer == nil).updateAll(Composer.set(to: \"Unknown\"), Bytes -= 1)") { _ in
            .updateAll(Chinook.track.filter(Column("Composer") == nil), [Column("Composer").set(to: "Unknown"), Column("Bytes") -= 1], table: "Track")
        },
        ParityCase("PlaylistTrack.limit(5).deleteAll()") { _ in .deleteAll(Chinook.playlistTrack.limit(5), table: "PlaylistTrack") },
        ParityCase("Track.filter(Milliseconds > 60 * 1000 * 10).updateAll(UnitPrice.set(to: 1 + 0.99))") { _ in
            .updateAll(Chinook.track.filter(Column("Milliseconds") > 60 * 1000 * 10), [Column("UnitPrice").set(to: 1 + 0.99)], table: "Track")
        },
    ]
}
