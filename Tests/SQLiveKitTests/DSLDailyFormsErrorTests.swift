import Testing
@testable import SQLiveKit

/// Errors of the forms GRDB users write every day (fetch methods, subqueries, common table
/// expressions, associations through another, dates, `select(_:as:)`), as the user reads them.
@Suite struct DSLDailyFormsErrorTests {
    @Test func fetch_methods_end_a_query() throws {
        let compiler = try DSLCompilerProbe()
        #expect(try compiler.error("player.filter(team.fetchOne())") == """
            error: fetchOne() runs a request: it ends a query, and has no value inside brackets
              player.filter(team.fetchOne())
                                 ^
              a request is a value as a subquery: request.select(column), request.exists(), request.contains(x)

            """)
        #expect(try compiler.error("player.fetchOne(1)") == """
            error: wrong arguments for fetchOne: write fetchOne()
              player.fetchOne(1)
                              ^

            """)
        // The database argument of Swift is taken out; what follows it is checked as usual.
        #expect(try compiler.error("try player.fetchOne(db, score)") == """
            error: wrong arguments for fetchOne: write fetchOne()
              try player.fetchOne(db, score)
                                      ^

            """)
        #expect(try compiler.error("player.fetchOne(db, key: 1, 2)") == """
            error: wrong arguments for fetchOne: write fetchOne()
              player.fetchOne(db, key: 1, 2)
                                  ^

            """)
        #expect(try compiler.error("player.fetchCount().filter(score > 1)") == """
            error: nothing can follow count, a fetch method, deleteAll() or updateAll(…): they end a query
              player.fetchCount().filter(score > 1)
                                  ^

            """)
        #expect(try compiler.error("player.fetchAll") == """
            error: fetchAll is a method: write .fetchAll()
              player.fetchAll
                     ^

            """)
    }

    @Test func subqueries_are_values_inside_brackets() throws {
        let compiler = try DSLCompilerProbe()
        #expect(try compiler.error("player.select(id).contains(id)") == """
            error: contains(…) tests a value against a subquery: use it inside a method, as in filter(…)
              player.select(id).contains(id)
                                ^

            """)
        #expect(try compiler.error("player.filter(score > player)") == """
            error: expected an expression, found the table request player
              player.filter(score > player)
                                    ^

            """)
        #expect(try compiler.error("player.filter(team.select(id).contains())") == """
            error: wrong arguments for contains: write contains(expression)
              player.filter(team.select(id).contains())
                                                     ^

            """)
    }

    @Test func date_modifiers_and_decoded_types_are_gRDBs() throws {
        let compiler = try DSLCompilerProbe()
        #expect(try compiler.error("player.select(dateTime(name, .days(1)))") == """
            error: expected a date modifier: .second, .minute, .hour, .day, .month, .year, .weekday, .startOfDay, .startOfMonth, .startOfYear, .unixEpoch, .localTime, .utc
              player.select(dateTime(name, .days(1)))
                                           ^

            """)
        #expect(try compiler.error("player.select(dateTime(name, .day))") == """
            error: .day takes a number: write .day(1)
              player.select(dateTime(name, .day))
                                           ^

            """)
        #expect(try compiler.error("player.select(julianDay(name, .day(1.5)))") == """
            error: .day takes an integer
              player.select(julianDay(name, .day(1.5)))
                                                 ^

            """)
        #expect(try compiler.error("player.select(name, as: Strng.self)") == """
            error: no such type: Strng — did you mean String?
              player.select(name, as: Strng.self)
                                      ^
              the types are String.self, Int.self, Int64.self, Double.self, Bool.self, Data.self, Date.self, DatabaseValue.self

            """)
        #expect(try compiler.error("player.select(abs(score, filter: score > 1))") == """
            error: wrong arguments for abs: write abs(expression)
              player.select(abs(score, filter: score > 1))
                                       ^

            """)
    }

    @Test func common_table_expressions_are_declared_before_use() throws {
        let compiler = try DSLCompilerProbe()
        #expect(try compiler.error("player.with(team)") == """
            error: expected CommonTableExpression(named: "name", request: …), found the association team
              player.with(team)
                          ^

            """)
        #expect(try compiler.error(#"player.with(CommonTableExpression(named: "x", sql: "SELECT nosuch FROM team"))"#) == """
            error: the common table expression fails: no such column: nosuch
              player.with(CommonTableExpression(named: "x", sql: "SELECT nosuch FROM team"))
                          ^

            """)
        #expect(try compiler.error("player.including(required: association(to: best, on: id == best.id))") == """
            error: expected the name of a common table expression declared by with(…) before
              player.including(required: association(to: best, on: id == best.id))
                                                         ^

            """)
        #expect(try compiler.error(#"player.with(CommonTableExpression(named: "best", request: player.filter(score > 90))).including(required: association(to: best, on: id == best.nosuch))"#) == """
            error: no such column: nosuch
              player.with(CommonTableExpression(named: "best", request: player.filter(score > 90))).including(required: association(to: best, on: id == best.nosuch))
                                                                                                                                                             ^

            """)
    }

    @Test func associations_through_another_follow_foreign_keys() throws {
        let compiler = try DSLCompilerProbe()
        #expect(try compiler.error("team.including(required: hasOne(team, through: player, using: team))") == """
            error: hasOne(…, through:, using:) needs two to-one associations: write hasMany for a to-many path
              team.including(required: hasOne(team, through: player, using: team))
                                       ^

            """)
        #expect(try compiler.error("person.including(required: hasMany(player, through: book, using: person))") == """
            error: ambiguous association from person to book: 2 foreign keys link them
              person.including(required: hasMany(player, through: book, using: person))
                                                                  ^
              say which one with hasMany(book, using: authorId) or hasMany(book, using: translatorId)

            """)
        // GRDB stops the process on a required join behind an optional pivot: refused first.
        #expect(try compiler.error("team.including(optional: hasMany(`Order Line`, through: player.including(required: team), using: `Order Line`))") == """
            error: hasMany(…, through:, using:) takes associations without joins
              team.including(optional: hasMany(`Order Line`, through: player.including(required: team), using: `Order Line`))
                                                                      ^
              join after it: hasMany(…).including(…)

            """)
        #expect(try compiler.error("team.including(required: hasMany(book, through: player, using: book))") == """
            error: no association between player and book: neither has a foreign key to the other
              team.including(required: hasMany(book, through: player, using: book))
                                                                             ^

            """)
    }
}
