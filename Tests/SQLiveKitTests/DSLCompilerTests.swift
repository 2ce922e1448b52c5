import GRDB
import Testing
@testable import SQLiveKit

/// The compiler: the SQL GRDB generates for each construct, on a schema with foreign keys
/// (two of them to one table, a self-reference, a composite key), and the errors for names
/// the schema lacks and for what GRDB can't do.
@Suite struct DSLCompilerTests {
    private let compiler: DSLCompilerProbe

    init() throws {
        compiler = try DSLCompilerProbe()
    }

    @Test(arguments: [
        ("player", #"SELECT * FROM "player""#),
        ("PLAYER.filter(SCORE > 1)", #"SELECT * FROM "player" WHERE "score" > 1"#),
        ("player.filter(score > -5)", #"SELECT * FROM "player" WHERE "score" > -5"#),
        ("player.filter(score < 2.5)", #"SELECT * FROM "player" WHERE "score" < 2.5"#),
        (#"player.filter(name == "O'Brien")"#, #"SELECT * FROM "player" WHERE "name" = 'O''Brien'"#),
        ("player.filter(isActive)", #"SELECT * FROM "player" WHERE "isActive""#),
        ("player.filter(!isActive)", #"SELECT * FROM "player" WHERE NOT "isActive""#),
        ("player.filter(isActive == true)", #"SELECT * FROM "player" WHERE "isActive" = 1"#),
        ("player.filter(isActive == false)", #"SELECT * FROM "player" WHERE "isActive" = 0"#),
        ("player.filter(false == isActive)", #"SELECT * FROM "player" WHERE "isActive" = 0"#),
        ("player.filter(score === nil)", #"SELECT * FROM "player" WHERE "score" IS NULL"#),
        ("player.filter(score !== teamId)", #"SELECT * FROM "player" WHERE "score" IS NOT "teamId""#),
        ("player.filter(nil == score)", #"SELECT * FROM "player" WHERE "score" IS NULL"#),
        ("player.filter(player.score > 1)", #"SELECT * FROM "player" WHERE "score" > 1"#),
        ("player.filter(rowid == 1)", #"SELECT * FROM "player" WHERE "rowid" = 1"#),
        ("`Order Line`.select(`unit price`)", #"SELECT "unit price" FROM "Order Line""#),
        ("ranking.filter(score > 10)", #"SELECT * FROM "ranking" WHERE "score" > 10"#),
        ("player.select(name).order(score.desc).limit(2, offset: 1)", #"SELECT "name" FROM "player" ORDER BY "score" DESC LIMIT 2 OFFSET 1"#),
        ("player.order(score.ascNullsLast, name.asc).reversed()", #"SELECT * FROM "player" ORDER BY "score" DESC NULLS FIRST, "name" DESC"#),
        ("player.order(score).unordered()", #"SELECT * FROM "player""#),
        ("player.order()", #"SELECT * FROM "player""#),
        ("player.filter(key: 1)", #"SELECT * FROM "player" WHERE "id" = 1"#),
        ("player.filter(key: nil)", #"SELECT * FROM "player" WHERE 0"#),
        ("player.filter(keys: [])", #"SELECT * FROM "player" WHERE 0"#),
        (#"player.filter(key: ["EMAIL": "a@b.c"])"#, #"SELECT * FROM "player" WHERE "email" = 'a@b.c'"#),
        (#"membership.filter(keys: [["playerId": 1, "clubId": 2]])"#, #"SELECT * FROM "membership" WHERE ("playerId" = 1) AND ("clubId" = 2)"#),
        (#"player.select(name.forKey("n")).order(n)"#, #"SELECT "name" AS "n" FROM "player" ORDER BY "n""#),
        ("player.select(count(*), count(distinct: teamId), coalesce(score, teamId, 0))",
         #"SELECT COUNT(*), COUNT(DISTINCT "teamId"), COALESCE("score", "teamId", 0) FROM "player""#),
        (#"player.filter(name.like("a\\%%", escape: "\\"))"#, #"SELECT * FROM "player" WHERE "name" LIKE 'a\%%' ESCAPE '\'"#),
        ("player.filter(name.collating(.rtrim) == name.collating(.binary))", #"SELECT * FROM "player" WHERE "name" = "name" COLLATE BINARY COLLATE RTRIM"#),
        ("player.select(cast(score, as: .real), cast(name, as: .blob))", #"SELECT CAST("score" AS REAL), CAST("name" AS BLOB) FROM "player""#),
        (#"player.filter(("a"..."m").contains(name))"#, #"SELECT * FROM "player" WHERE "name" BETWEEN 'a' AND 'm'"#),
        ("player.filter((1...2.5).contains(score))", #"SELECT * FROM "player" WHERE "score" BETWEEN 1.0 AND 2.5"#),
        ("player.filter([1, score, nil].contains(teamId))", #"SELECT * FROM "player" WHERE "teamId" IN (1, "score", NULL)"#),
        (#"player.filter(score > 1 && name != "x" || !(teamId == 2))"#, #"SELECT * FROM "player" WHERE (("score" > 1) AND ("name" <> 'x')) OR ("teamId" <> 2)"#),
        ("player.select(-score, score / 2)", #"SELECT -"score", "score" / 2 FROM "player""#),
        ("player.select(teamId, max(score)).group(teamId).having(max(score) > 10).distinct()",
         #"SELECT DISTINCT "teamId", MAX("score") FROM "player" GROUP BY "teamId" HAVING MAX("score") > 10"#),
        ("document.matching(\"sqlite\")", #"SELECT * FROM "document" WHERE "document" MATCH 'sqlite'"#),
        ("note.matching(\"hel*\")", #"SELECT * FROM "note" WHERE "note" MATCH 'hel*'"#),
    ])
    func requests_and_expressions(query: String, expected: String) throws {
        #expect(try compiler.sql(query) == expected)
    }

    @Test(arguments: [
        ("player.including(required: team)",
         #"SELECT "player".*, "team".* FROM "player" JOIN "team" ON "team"."id" = "player"."teamId""#),
        ("team.including(optional: player)",
         #"SELECT "team".*, "player".* FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id""#),
        (#"player.including(required: team.filter(color == "red").select(name))"#,
         #"SELECT "player".*, "team"."name" FROM "player" JOIN "team" ON ("team"."id" = "player"."teamId") AND ("team"."color" = 'red')"#),
        ("player.including(required: team).joining(optional: team)",
         #"SELECT "player".*, "team".* FROM "player" JOIN "team" ON "team"."id" = "player"."teamId""#),
        (#"player.including(required: team.forKey("club"))"#,
         #"SELECT "player".*, "team".* FROM "player" JOIN "team" ON "team"."id" = "player"."teamId""#),
        (#"player.joining(required: team).filter(team.name == "Reds").order(team.name, name)"#,
         #"SELECT "player".* FROM "player" JOIN "team" ON "team"."id" = "player"."teamId" WHERE "team"."name" = 'Reds' ORDER BY "team"."name", "player"."name""#),
        ("badge.including(required: membership)",
         #"SELECT "badge".*, "membership".* FROM "badge" JOIN "membership" ON ("membership"."playerId" = "badge"."playerId") AND ("membership"."clubId" = "badge"."clubId")"#),
        ("membership.including(required: player.including(optional: team))",
         #"SELECT "membership".*, "player".*, "team".* FROM "membership" JOIN "player" ON "player"."id" = "membership"."playerId" LEFT JOIN "team" ON "team"."id" = "player"."teamId""#),
        ("book.including(required: belongsTo(person, using: authorId))",
         #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId""#),
        (#"book.including(required: belongsTo(person, key: "author", using: [authorId])).including(optional: belongsTo(person, key: "translator", using: translatorId))"#,
         #"SELECT "book".*, "person1".*, "person2".* FROM "book" JOIN "person" "person1" ON "person1"."id" = "book"."authorId" LEFT JOIN "person" "person2" ON "person2"."id" = "book"."translatorId""#),
        (#"person.including(optional: belongsTo(person, key: "manager", using: managerId))"#,
         #"SELECT "person1".*, "person2".* FROM "person" "person1" LEFT JOIN "person" "person2" ON "person2"."id" = "person1"."managerId""#),
        (#"person.including(optional: belongsTo(person, key: "manager", using: managerId)).filter(manager.name == "Ann")"#,
         #"SELECT "person1".*, "person2".* FROM "person" "person1" LEFT JOIN "person" "person2" ON "person2"."id" = "person1"."managerId" WHERE "person2"."name" = 'Ann'"#),
        ("person.annotated(with: hasMany(person, using: managerId).count)",
         #"SELECT "person1".*, COUNT(DISTINCT "person2"."id") AS "personCount" FROM "person" "person1" LEFT JOIN "person" "person2" ON "person2"."managerId" = "person1"."id" GROUP BY "person1"."id""#),
        ("team.annotated(with: player.count, player.sum(score))",
         #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "playerCount", SUM("player"."score") AS "playerScoreSum" FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id" GROUP BY "team"."id""#),
        ("team.having(player.count > 1 && player.min(score) >= 10)",
         #"SELECT "team".* FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id" GROUP BY "team"."id" HAVING (COUNT(DISTINCT "player"."id") > 1) AND (MIN("player"."score") >= 10)"#),
        ("team.having(!player.isEmpty)",
         #"SELECT "team".* FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id" GROUP BY "team"."id" HAVING COUNT(DISTINCT "player"."id") > 0"#),
        (#"team.annotated(with: (2 * player.count + abs(player.total(score))).forKey("x"), cast(player.average(score), as: .integer))"#,
         #"SELECT "team".*, (2 * COUNT(DISTINCT "player"."id")) + ABS(TOTAL("player"."score")) AS "x", CAST(AVG("player"."score") AS INTEGER) AS "averagePlayerScore" FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id" GROUP BY "team"."id""#),
        (#"team.annotated(with: player.filter(isActive).max(score).forKey("best")).order(best.desc)"#,
         #"SELECT "team".*, MAX("player"."score") AS "best" FROM "team" LEFT JOIN "player" ON ("player"."teamId" = "team"."id") AND "player"."isActive" GROUP BY "team"."id" ORDER BY "best" DESC"#),
    ])
    func associations(query: String, expected: String) throws {
        #expect(try compiler.sql(query) == expected)
    }

    @Test(arguments: [
        ("player.count", #"SELECT COUNT(*) FROM "player""#),
        ("player.filter(score > 1).order(name).count", #"SELECT COUNT(*) FROM "player" WHERE "score" > 1"#),
        ("player.limit(2).count", #"SELECT COUNT(*) FROM (SELECT * FROM "player" LIMIT 2)"#),
        ("player.including(required: team).count",
         #"SELECT COUNT(*) FROM (SELECT "player".*, "team".* FROM "player" JOIN "team" ON "team"."id" = "player"."teamId")"#),
        ("player.select(teamId).distinct().count", #"SELECT COUNT(DISTINCT "teamId") FROM "player""#),
        ("player.filter(score < 0).deleteAll()", #"DELETE FROM "player" WHERE "score" < 0"#),
        ("player.order(score).limit(1).deleteAll()", #"DELETE FROM "player" ORDER BY "score" LIMIT 1"#),
        ("team.order(name).limit(1).updateAll(color.set(to: nil))",
         #"UPDATE "team" SET "color" = NULL ORDER BY "name" LIMIT 1"#),
        (#"player.joining(required: team.filter(name == "x")).deleteAll()"#,
         #"DELETE FROM "player" WHERE "id" IN (SELECT "player"."id" FROM "player" JOIN "team" ON ("team"."id" = "player"."teamId") AND ("team"."name" = 'x'))"#),
        (#"player.updateAll(score += 1, name.set(to: "x"), teamId.set(to: nil))"#,
         #"UPDATE "player" SET "score" = "score" + 1, "name" = 'x', "teamId" = NULL"#),
        ("player.filter(key: 1).updateAll(score -= 1, score *= 2, score /= 3)",
         #"UPDATE "player" SET "score" = "score" - 1, "score" = "score" * 2, "score" = "score" / 3 WHERE "id" = 1"#),
    ])
    func counts_and_mutations(query: String, expected: String) throws {
        #expect(try compiler.sql(query) == expected)
    }

    /// `Column("name")` and `Table("name")` are what bare names stand for, spelled as in Swift:
    /// the same SQL wherever a column or a table can appear.
    @Test(arguments: [
        (#"Table("player")"#, #"SELECT * FROM "player""#),
        (#"Table("PLAYER").filter(Column("SCORE") > 1).order(Column("name").desc)"#,
         #"SELECT * FROM "player" WHERE "score" > 1 ORDER BY "name" DESC"#),
        (#"player.select(Column("name").forKey("n")).order(Column("n"))"#, #"SELECT "name" AS "n" FROM "player" ORDER BY "n""#),
        (#"player.filter(Table("team").filter(Column("color") == "red").select(Column("id")).contains(Column("teamId")))"#,
         #"SELECT * FROM "player" WHERE "teamId" IN (SELECT "id" FROM "team" WHERE "color" = 'red')"#),
        (#"player.joining(required: team).filter(Column("name") == "x")"#,
         #"SELECT "player".* FROM "player" JOIN "team" ON "team"."id" = "player"."teamId" WHERE "player"."name" = 'x'"#),
        (#"team.annotated(with: player.sum(Column("score")))"#,
         #"SELECT "team".*, SUM("player"."score") AS "playerScoreSum" FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id" GROUP BY "team"."id""#),
        (#"book.including(required: belongsTo(Table("person"), using: authorId))"#,
         #"SELECT "book".*, "person".* FROM "book" JOIN "person" ON "person"."id" = "book"."authorId""#),
        (#"Table("player").filter(key: 1).updateAll(Column("score") += 1, Column("name").set(to: "x"))"#,
         #"UPDATE "player" SET "score" = "score" + 1, "name" = 'x' WHERE "id" = 1"#),
        (#"Table("team").filter(Column("id") == 3).deleteAll()"#, #"DELETE FROM "team" WHERE "id" = 3"#),
    ])
    func column_and_table_are_grdb_spellings_of_names(query: String, expected: String) throws {
        #expect(try compiler.sql(query) == expected)
        // A mutation in a transaction takes its table's write lock first: Table("…") names it too.
        if expected.hasPrefix("UPDATE") || expected.hasPrefix("DELETE") {
            #expect(DSLMutationLock.mutatedTable(query) != nil && DSLMutationLock.mutatedTable(query) != "Table")
        }
    }

    /// GRDB's `Table.all()` (and `Record.all()`): the request itself, refined as any other.
    @Test func all_is_the_request_itself() throws {
        #expect(try compiler.sql("player.all()") == #"SELECT * FROM "player""#)
        #expect(try compiler.sql(#"Table("player").all().filter(score > 1).all().limit(2)"#) == #"SELECT * FROM "player" WHERE "score" > 1 LIMIT 2"#)
        #expect(try compiler.sql("player.filter(team.all().select(id).contains(teamId))")
                == #"SELECT * FROM "player" WHERE "teamId" IN (SELECT "id" FROM "team")"#)
        #expect(try compiler.sql("player.all().fetchCount()") == #"SELECT COUNT(*) FROM "player""#)
        #expect(try compiler.error("player.all(1)") == """
            error: wrong arguments for all: write all()
              player.all(1)
                         ^

            """)
        #expect(try compiler.error("player.including(required: team.all())") == """
            error: all applies to a table request, not to an association (GRDB can't join it)
              player.including(required: team.all())
                                              ^

            """)
    }

    /// The names GRDB gives aggregates (`playerCount`, `maxPlayerScore`) are names of the
    /// result, as those given with `forKey` are: order and having may use them.
    @Test func default_aggregate_names_can_be_used_afterwards() throws {
        let from = #" FROM "team" LEFT JOIN "player" ON "player"."teamId" = "team"."id" GROUP BY "team"."id""#
        #expect(try compiler.sql("team.annotated(with: player.count).order(playerCount.desc)")
                == #"SELECT "team".*, COUNT(DISTINCT "player"."id") AS "playerCount""# + from + #" ORDER BY "playerCount" DESC"#)
        #expect(try compiler.sql(#"team.annotated(with: player.max(score)).having(Column("MAXPLAYERSCORE") > 10)"#)
                == #"SELECT "team".*, MAX("player"."score") AS "maxPlayerScore""# + from + #" HAVING ("maxPlayerScore") > 10"#)
        #expect(try compiler.sql("team.annotated(with: player.isEmpty, cast(player.average(score), as: .integer)).order(hasNoPlayer, averagePlayerScore)")
                == #"SELECT "team".*, COUNT(DISTINCT "player"."id") = 0 AS "hasNoPlayer", CAST(AVG("player"."score") AS INTEGER) AS "averagePlayerScore""#
                + from + #" ORDER BY "hasNoPlayer", "averagePlayerScore""#)
        #expect(try compiler.error("team.order(player.count)") == """
            error: order can't take an association aggregate
              team.order(player.count)
                         ^
              select it with annotated(with: …), then order(playerCount)

            """)
        // A transformed aggregate loses its name, in GRDB as here.
        #expect(try compiler.error("team.annotated(with: player.count * 2).order(playerCount)") == """
            error: no such column: playerCount
              team.annotated(with: player.count * 2).order(playerCount)
                                                           ^
              team has columns id, name, color

            """)
    }

    @Test func a_query_at_the_nesting_limit_compiles() throws {
        let depth = DSLParser.maximumDepth - 3
        let query = "player.filter(" + String(repeating: "!", count: depth) + "isActive)"
        try compiler.dbQueue.inDatabase { db in
            _ = try DSLCompiler.compile(query, in: db)
        }
    }
}
