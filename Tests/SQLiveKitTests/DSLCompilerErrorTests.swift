import GRDB
import Testing
@testable import SQLiveKit

/// Errors of the compiler, as the user reads them.
@Suite struct DSLCompilerErrorTests {
    private let compiler: DSLCompilerProbe

    init() throws {
        compiler = try DSLCompilerProbe()
    }

    @Test func unknown_names_come_with_the_closest_known_one() throws {
        #expect(try compiler.error("playr.filter(score > 1)") == """
            error: no such table: playr — did you mean player?
              playr.filter(score > 1)
              ^

            """)
        #expect(try compiler.error("player.filter(scroe > 1)") == """
            error: no such column: scroe — did you mean score?
              player.filter(scroe > 1)
                            ^
              player has columns id, teamId, name, score, isActive, email

            """)
        #expect(try compiler.error("player.filtr(score > 1)") == """
            error: no such method: filtr — did you mean filter?
              player.filtr(score > 1)
                     ^

            """)
        #expect(try compiler.error("player.order(score.dsc)") == """
            error: no such property or method: dsc — did you mean asc?
              player.order(score.dsc)
                                 ^

            """)
        #expect(try compiler.error("player.select(cont(*))") == """
            error: no such function: cont — did you mean count?
              player.select(cont(*))
                            ^

            """)
        #expect(try compiler.error("player.filter(name.collating(.nocas) == \"a\")") == """
            error: no such collation: .nocas — did you mean .nocase?
              player.filter(name.collating(.nocas) == "a")
                                           ^
              the collations are .nocase, .binary, .rtrim

            """)
        #expect(try compiler.error("selct * from player") == """
            error: expected "." and a method, or end of line after the query, found player
              selct * from player
                           ^
              SQL statements start with a keyword: did you mean SELECT?

            """)
        #expect(try compiler.error("updat player set score = 1") == """
            error: expected "." and a method, or end of line after the query, found player
              updat player set score = 1
                    ^
              SQL statements start with a keyword: did you mean UPDATE?

            """)
    }

    @Test func column_and_table_check_their_names() throws {
        #expect(try compiler.error(#"Table("playr").filter(score > 1)"#) == """
            error: no such table: playr — did you mean player?
              Table("playr").filter(score > 1)
                    ^

            """)
        #expect(try compiler.error(#"player.filter(Column("scroe") > 1)"#) == """
            error: no such column: scroe — did you mean score?
              player.filter(Column("scroe") > 1)
                                   ^
              player has columns id, teamId, name, score, isActive, email

            """)
        // A Column is a column, never the association a bare name may also mean.
        #expect(try compiler.error(#"player.filter(Column("team") == 1)"#) == """
            error: no such column: team — did you mean teamId?
              player.filter(Column("team") == 1)
                                   ^
              player has columns id, teamId, name, score, isActive, email

            """)
        #expect(try compiler.error(#"Column("score")"#) == """
            error: Column(…) names a column of a request: use it inside a method, as in filter(Column("score") > 0)
              Column("score")
              ^

            """)
        #expect(try compiler.error("player.filter(Column(score) > 1)") == """
            error: expected a column name in double quotes, as in Column("name")
              player.filter(Column(score) > 1)
                                   ^

            """)
        #expect(try compiler.error(#"Table("player", "team")"#) == """
            error: wrong arguments for Table: write Table("name")
              Table("player", "team")
                              ^

            """)
    }

    @Test func ambiguous_associations_say_how_to_choose() throws {
        #expect(try compiler.error("book.including(required: person)") == """
            error: ambiguous association from book to person: 2 foreign keys link them
              book.including(required: person)
                                       ^
              say which one with belongsTo(person, using: authorId) or belongsTo(person, using: translatorId)

            """)
        #expect(try compiler.error("person.annotated(with: book.count)") == """
            error: ambiguous association from person to book: 2 foreign keys link them
              person.annotated(with: book.count)
                                     ^
              say which one with hasMany(book, using: authorId) or hasMany(book, using: translatorId)

            """)
        // An ambiguous name is a table request for subqueries; its association uses still say how to choose.
        #expect(try compiler.error("person.annotated(with: book.sum(id))") == """
            error: ambiguous association from person to book: 2 foreign keys link them
              person.annotated(with: book.sum(id))
                                     ^
              say which one with hasMany(book, using: authorId) or hasMany(book, using: translatorId)

            """)
        #expect(try compiler.error("person.having(book.isEmpty)") == """
            error: ambiguous association from person to book: 2 foreign keys link them
              person.having(book.isEmpty)
                            ^
              say which one with hasMany(book, using: authorId) or hasMany(book, using: translatorId)

            """)
        #expect(try compiler.error("person.including(optional: person)") == """
            error: ambiguous association from person to person: 2 foreign keys link them
              person.including(optional: person)
                                         ^
              say which one with belongsTo(person, using: managerId) or hasMany(person, using: managerId)

            """)
        #expect(try compiler.error("book.including(required: belongsTo(person, using: authorId)).including(required: belongsTo(person, using: translatorId))") == """
            error: two different associations are named person in this request
              book.including(required: belongsTo(person, using: authorId)).including(required: belongsTo(person, using: translatorId))
                                                                                               ^
              give one another key: belongsTo(table, key: "other", using: column), or association.forKey("other")

            """)
        #expect(try compiler.error("book.including(required: belongsTo(person, using: title))") == """
            error: book has no foreign key on title to person
              book.including(required: belongsTo(person, using: title))
                                                                ^

            """)
        #expect(try compiler.error("player.including(required: person)") == """
            error: no association between player and person: neither has a foreign key to the other
              player.including(required: person)
                                         ^

            """)
    }

    @Test func what_grdb_cannot_do_is_an_error() throws {
        #expect(try compiler.error("player.annotated(with: team.count)") == """
            error: team is a to-one association here: count needs a to-many association
              player.annotated(with: team.count)
                                     ^

            """)
        #expect(try compiler.error("player.annotated(with: membership.count)") == """
            error: membership has no rowid nor single-column primary key for GRDB to count its rows
              player.annotated(with: membership.count)
                                     ^

            """)
        #expect(try compiler.error("membership.joining(required: player).deleteAll()") == """
            error: deleteAll through a join needs a rowid or a one-column primary key, which membership lacks
              membership.joining(required: player).deleteAll()
                                                   ^

            """)
        // After a limit GRDB writes `UPDATE … LIMIT`, which needs no key.
        #expect(try compiler.error("membership.limit(1).updateAll(role.set(to: nil))") == "no error")
        #expect(try compiler.error("player.including(required: team.limit(1))") == """
            error: limit applies to a table request, not to an association (GRDB can't join it)
              player.including(required: team.limit(1))
                                              ^

            """)
        #expect(try compiler.error("membership.including(optional: player.including(required: team))") == """
            error: GRDB can't join a required association inside an optional one
              membership.including(optional: player.including(required: team))
                                             ^
              make the inner join optional, or this one required

            """)
        #expect(try compiler.error("team.including(all: player)") == """
            error: including(all:) fetches in several queries, which one result can't show
              team.including(all: player)
                   ^
              including(optional: …) of a to-many association shows one row per child, with its parent's columns

            """)
        #expect(try compiler.error("membership.filter(key: 1)") == """
            error: the primary key of membership has 2 columns
              membership.filter(key: 1)
                                     ^
              write filter(key: ["playerId": …, "clubId": …])

            """)
        #expect(try compiler.error(#"player.filter(key: ["name": "x"])"#) == """
            error: no primary key or unique index of player is made of name
              player.filter(key: ["name": "x"])
                                 ^

            """)
        #expect(try compiler.error("player.group(teamId).deleteAll()") == """
            error: deleteAll can't apply to a grouped request
              player.group(teamId).deleteAll()
                                   ^

            """)
        #expect(try compiler.error("player.matching(\"x\")") == """
            error: matching needs a full-text table (FTS3, FTS4 or FTS5): player is not one
              player.matching("x")
                     ^

            """)
        #expect(try compiler.error("document.matching(\"AND\")") == """
            error: invalid full-text pattern: fts5: syntax error near "AND"
              document.matching("AND")
                                ^

            """)
        #expect(try compiler.error("ranking.filter(key: 1)") == """
            error: ranking is a view: it has no primary key to filter on
              ranking.filter(key: 1)
                                  ^

            """)
    }

    @Test func methods_check_their_arguments() throws {
        #expect(try compiler.error("player.select()") == """
            error: wrong arguments for select: write select(expression, …)
              player.select()
                            ^

            """)
        #expect(try compiler.error("player.limit(score)") == """
            error: expected an integer, found an expression
              player.limit(score)
                           ^

            """)
        #expect(try compiler.error("player.limit(1, ofset: 2)") == """
            error: wrong arguments for limit: write limit(n) or limit(n, offset: m)
              player.limit(1, ofset: 2)
                              ^

            """)
        #expect(try compiler.error("player.including(team)") == """
            error: wrong arguments for including: write including(required: association) or including(optional: association)
              player.including(team)
                               ^

            """)
        #expect(try compiler.error("player.count()") == """
            error: count is a property: write .count without parentheses
              player.count()
                     ^

            """)
        #expect(try compiler.error("player.reversed") == """
            error: reversed is a method: write .reversed()
              player.reversed
                     ^

            """)
        #expect(try compiler.error("player.count.filter(score > 1)") == """
            error: nothing can follow count, a fetch method, deleteAll() or updateAll(…): they end a query
              player.count.filter(score > 1)
                           ^

            """)
        #expect(try compiler.error("player.isEmpty") == """
            error: isEmpty is a method: write .isEmpty()
              player.isEmpty
                     ^

            """)
        #expect(try compiler.error(#"player.filter(name = "x")"#) == """
            error: = is not a comparison: write == to compare
              player.filter(name = "x")
                            ^
              to assign in updateAll(…), write column.set(to: value)

            """)
        #expect(try compiler.error("player.updateAll(score > 1)") == """
            error: expected a column assignment such as score.set(to: 0) or score += 1, found an expression
              player.updateAll(score > 1)
                               ^

            """)
        #expect(try compiler.error("player.filter(team)") == """
            error: expected an expression, found the association team
              player.filter(team)
                            ^

            """)
        #expect(try compiler.error("player.filter(team.name == \"x\")") == """
            error: team is not joined here: add .joining(required: team) before naming its columns
              player.filter(team.name == "x")
                                 ^

            """)
        #expect(try compiler.error("player.filter(score.desc)") == """
            error: expected an expression, found an ordering
              player.filter(score.desc)
                            ^

            """)
        #expect(try compiler.error("player.filter((5...1).contains(score))") == """
            error: the range's lower bound is above its upper bound
              player.filter((5...1).contains(score))
                             ^

            """)
        #expect(try compiler.error("player.filter((1...score).contains(score))") == """
            error: expected a number or a string as the range's upper bound, found an expression
              player.filter((1...score).contains(score))
                                 ^

            """)
        #expect(try compiler.error("player.select(cast(score, as: .int))") == """
            error: no such storage class: .int
              player.select(cast(score, as: .int))
                                            ^
              the storage classes are .integer, .real, .text, .blob

            """)
        #expect(try compiler.error("team.filter(player.count > 1)") == """
            error: filter can't test an association aggregate: use having(…)
              team.filter(player.count > 1)
                          ^

            """)
        #expect(try compiler.error("1 + 2") == """
            error: expected a query starting with a table name, found an expression
              1 + 2
              ^

            """)
    }
}
