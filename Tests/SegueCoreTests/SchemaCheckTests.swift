import Testing
@testable import SegueCore

/// The problems `document` has by `schema`, as `pointer: message` lines.
private func problems(_ schema: String, _ document: String) throws -> [String] {
    let check = SchemaCheck(schema: try JSONParser.parse(Array(schema.utf8)))
    return check.problems(of: try JSONParser.parse(Array(document.utf8))).map { "\($0.pointer): \($0.message)" }
}

/// `segue edit`'s check of a whole file by its schema, one keyword at a time (the save gate).
@Suite struct SchemaCheckTests {
    @Test func typesSayWhatWasExpectedAndAWholeNumberMayBeWrittenWithAFraction() throws {
        let schema = #"{"properties": {"n": {"type": "integer"}, "s": {"type": "string"}, "b": {"type": "boolean"}, "o": {"type": ["object", "null"]}, "a": {"type": "array"}}}"#
        #expect(try problems(schema, #"{"n": 2.5, "s": 1, "b": "yes", "o": [], "a": {}}"#) == [
            "/a: expected a list", "/b: expected true or false", "/n: expected a whole number", "/o: expected an object or null",
            "/s: expected text",
        ])
        #expect(try problems(schema, #"{"n": 2.0, "s": "", "b": false, "o": null, "a": []}"#) == [])
        #expect(try problems(#"{"type": "object"}"#, "[]") == [": expected an object"])
    }

    @Test func enumAndConstListWhatTheyAllowAndNumbersCompareByValue() throws {
        let schema = #"{"properties": {"size": {"enum": ["s", "m", 3]}, "fixed": {"const": {"a": [1]}}}}"#
        #expect(try problems(schema, #"{"size": "xl", "fixed": {"a": [2]}}"#) == [
            #"/fixed: expected {"a":[1]}"#, #"/size: expected one of: "s", "m", 3"#,
        ])
        #expect(try problems(schema, #"{"size": 3.0, "fixed": {"a": [1.0]}}"#) == [])
    }

    @Test func boundsAndMultiplesSayTheRangeAsInputsDo() throws {
        let schema = #"""
            {"properties": {
              "size": {"type": "integer", "minimum": 6, "maximum": 72},
              "low": {"type": "number", "minimum": 1},
              "ratio": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
              "step": {"type": "number", "multipleOf": 0.1},
              "old": {"type": "number", "minimum": 0, "exclusiveMinimum": true}
            }}
            """#
        #expect(try problems(schema, #"{"size": 99, "low": 0, "ratio": 0, "step": 0.35, "old": 0}"#) == [
            "/low: expected a number of at least 1", "/ratio: expected a number greater than 0 and at most 1",
            "/size: expected a whole number from 6 to 72", "/step: expected a multiple of 0.1",
        ])
        // 0.3 is a multiple of 0.1 within rounding; draft-04's boolean exclusiveMinimum is not read.
        #expect(try problems(schema, #"{"size": 6, "low": 1, "ratio": 1, "step": 0.3, "old": 0}"#) == [])
    }

    @Test func lengthsCountCharactersAndPatternsMatchAnywhere() throws {
        let schema = #"{"properties": {"code": {"type": "string", "minLength": 2, "maxLength": 3}, "word": {"type": "string", "pattern": "ab"}, "id": {"type": "string", "pattern": "^[a-z]+$"}}}"#
        #expect(try problems(schema, #"{"code": "ééé", "word": "xxabxx", "id": "abc"}"#) == [])
        #expect(try problems(schema, #"{"code": "éééé", "word": "ba", "id": "ab1"}"#) == [
            "/code: expected 2 to 3 characters", "/id: expected a value matching ^[a-z]+$", "/word: expected a value matching ab",
        ])
    }

    @Test func formatsAreCheckedAsPythonsFormatCheckerDoesAndUnknownOnesNot() throws {
        let cases: [(format: String, good: [String], bad: [String], message: String)] = [
            ("date", ["2024-02-29", "1999-12-31"], ["2023-02-29", "2024-1-01", "2024-13-01", "24-01-01"], "expected a date (YYYY-MM-DD)"),
            ("date-time", ["2024-05-01T12:30:00Z", "2024-05-01t12:30:00.5+02:00"], ["2024-05-01 12:30:00Z", "2024-05-01T12:30:00", "2024-05-01T25:00:00Z"],
             "expected a date and time (YYYY-MM-DDThh:mm:ssZ)"),
            ("time", ["12:30:00Z", "23:59:59.123-05:30"], ["12:30", "12:30:00"], "expected a time with its zone (hh:mm:ssZ, hh:mm:ss+01:00)"),
            ("email", ["ann@example.com"], ["ann", "@example.com"], "expected an email address"),
            ("hostname", ["example.com", "a-b.c", "localhost"], ["-a.com", "a..b", "a_b.com"], "expected a host name"),
            ("ipv4", ["192.168.0.1", "0.0.0.0"], ["256.1.1.1", "1.2.3", "01.2.3.4"], "expected an IPv4 address"),
            ("ipv6", ["::1", "fe80::1:2", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4"], ["1:2:3:4:5:6:7:8:9", "1::2::3", "fe80::1%eth0", "g::1"],
             "expected an IPv6 address"),
            ("uri", ["https://example.com/a?b#c", "mailto:ann@example.com"], ["example.com/a", "https://exa mple.com"],
             "expected a URI with its scheme (https://…)"),
            ("uri-reference", ["../a/b", "#frag", "https://x.y"], ["a b", "%zz"], "expected a URI or a relative reference"),
            ("uuid", ["123e4567-e89b-12d3-a456-426614174000"], ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400g"],
             "expected a UUID (8-4-4-4-12 hex digits)"),
            ("regex", ["^a+$"], ["(a"], "expected a regular expression"),
        ]
        for (format, good, bad, message) in cases {
            let schema = #"{"properties": {"v": {"type": "string", "format": ""# + format + #""}}}"#
            for value in good {
                #expect(try problems(schema, #"{"v": ""# + value + #""}"#) == [], "\(format): \(value)")
            }
            for value in bad {
                #expect(try problems(schema, #"{"v": ""# + value + #""}"#) == ["/v: " + message], "\(format): \(value)")
            }
        }
        #expect(try problems(#"{"properties": {"v": {"format": "color-hex"}, "n": {"format": "date"}}}"#, #"{"v": "red", "n": 3}"#) == [])
    }

    @Test func requiredNamesTheMissingPropertyAndUnknownKeysAreRefusedOnlyWhenTheSchemaSaysSo() throws {
        let schema = #"{"required": ["name", "port"], "properties": {"name": {"type": "string"}}, "additionalProperties": {"type": "number"}}"#
        #expect(try problems(schema, #"{"extra": "x"}"#) == ["/extra: expected a number", "/name: required", "/port: required"])
        #expect(try problems(#"{"properties": {"a": {}}}"#, #"{"a": 1, "unknown": [1, 2]}"#) == [])
        let closed = #"{"properties": {"a": {}}, "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false}"#
        #expect(try problems(closed, #"{"$schema": "s.json", "a": 1, "x-one": "y", "b": 2, "x-two": 3}"#) == [
            "/b: not allowed: the schema names no such property", "/x-two: expected text",
        ])
    }

    @Test func itemsTuplesAndTheirCountsAndUniqueness() throws {
        let list = #"{"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3, "uniqueItems": true}"#
        #expect(try problems(list, #"["a", 1, "a", "b"]"#) == [": expected at most 3 items", "/1: expected text", "/2: the same as item 0: items must differ"])
        #expect(try problems(list, "[]") == [": expected at least 1 item"])
        // Draft-07's array `items` and 2020-12's `prefixItems` are tuples.
        let old = #"{"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "number"}, {"type": "string"}], "additionalItems": false}"#
        #expect(try problems(old, #"["a", "b", 3]"#) == [": expected at most 2 items", "/0: expected a number"])
        let new = #"{"prefixItems": [{"type": "number"}], "items": {"type": "boolean"}}"#
        #expect(try problems(new, #"[1, true, "x"]"#) == ["/2: expected true or false"])
        // Counts written too large for a whole number are no trap.
        #expect(try problems(#"{"maxItems": 1e400, "minItems": -1e400, "maxLength": 1e400}"#, "[1]") == [])
        #expect(try problems(#"{"contains": {"const": 1}}"#, "[2, 3]") == [#": expected an item of the kind the schema's "contains" describes"#])
    }

    @Test func propertyCountsAndDependencies() throws {
        let schema = #"""
            {"minProperties": 1, "maxProperties": 3, "dependentRequired": {"tls": ["cert"]},
             "dependencies": {"proxy": ["port"], "user": {"required": ["password"]}}}
            """#
        #expect(try problems(schema, "{}") == [": expected at least 1 property"])
        #expect(try problems(schema, #"{"tls": true, "proxy": "p", "user": "u", "x": 1}"#) == [
            ": expected at most 3 properties", "/cert: required when tls is set", "/password: required", "/port: required when proxy is set",
        ])
    }

    @Test func refsAreFollowedLocallyAndACycleEnds() throws {
        let schema = #"""
            {"$defs": {"size": {"type": "integer", "maximum": 9}, "node": {"properties": {"next": {"$ref": "#/$defs/node"}, "v": {"$ref": "#/$defs/size"}}},
                       "a b": {"type": "string"}, "loop": {"$ref": "#/$defs/loop"}, "named": {"$anchor": "here", "type": "boolean"}},
             "properties": {"tree": {"$ref": "#/$defs/node"}, "spaced": {"$ref": "#/$defs/a%20b"}, "round": {"$ref": "#/$defs/loop"},
                            "far": {"$ref": "https://example.com/x.json"}, "anchored": {"$ref": "#here"}}}
            """#
        #expect(try problems(schema, #"{"tree": {"v": 1, "next": {"next": {"v": 10}}}, "spaced": 1, "round": 1, "far": 1, "anchored": 1}"#) == [
            "/anchored: expected true or false", "/spaced: expected text", "/tree/next/next/v: expected a whole number of at most 9",
        ])
        // 2020-12 applies a $ref's siblings too; draft-07 ignores them.
        let siblings = ##"{"$defs": {"n": {"type": "number"}}, "$ref": "#/$defs/n", "maximum": 3}"##
        #expect(try problems(siblings, "5") == [": expected a number of at most 3"])
        #expect(try problems(#"{"$schema": "http://json-schema.org/draft-07/schema#","# + String(siblings.dropFirst()), "5") == [])
    }

    @Test func combinationsSayWhatWouldDo() throws {
        let schema = #"""
            {"properties": {
              "comma": {"oneOf": [{"const": "all"}, {"enum": ["es5", "none"]}]},
              "parser": {"anyOf": [{"enum": ["flow"]}, {"type": "string"}]},
              "width": {"anyOf": [{"type": "integer", "minimum": 1}, {"type": "string", "pattern": "^[0-9]+%$"}]},
              "shape": {"oneOf": [{"type": "object", "required": ["a"]}, {"type": "object", "required": ["b"]}]},
              "both": {"oneOf": [{"type": "number"}, {"type": "integer"}]},
              "both2": {"allOf": [{"type": "number"}, {"minimum": 2}]},
              "never": {"not": {"type": "string"}}
            }}
            """#
        #expect(try problems(schema, #"{"comma": "some", "parser": 1, "width": 0, "shape": {}, "both": 1, "both2": 1, "never": "x"}"#) == [
            "/both: matches more than one of the allowed shapes (oneOf)", "/both2: expected a number of at least 2",
            #"/comma: expected one of: "all", "es5", "none""#,
            #"/never: not allowed: it matches the shape the schema's "not" forbids"#, #"/parser: expected "flow", or any text"#,
            "/shape: matches none of the allowed shapes", "/width: expected a whole number of at least 1",
        ])
        #expect(try problems(schema, #"{"comma": "none", "parser": "babel", "width": "50%", "shape": {"a": 1}, "both": 1.5, "both2": 2, "never": 1}"#) == [])
    }

    @Test func ifThenElseAppliesTheBranchTheConditionChooses() throws {
        let schema = #"""
            {"if": {"properties": {"kind": {"const": "tcp"}}, "required": ["kind"]},
             "then": {"required": ["port"]}, "else": {"properties": {"port": false}}}
            """#
        #expect(try problems(schema, #"{"kind": "tcp"}"#) == ["/port: required"])
        #expect(try problems(schema, #"{"kind": "udp", "port": 1}"#) == ["/port: not allowed here"])
        #expect(try problems(schema, #"{"kind": "tcp", "port": 1}"#) == [])
    }

    @Test func aHugeCombinationStopsAtTheStepLimit() throws {
        // Each level applies the one below twice: 2^30 schemas without a bound.
        var levels = [#""l0": {"type": "number"}"#]
        for level in 1...30 {
            let below = "{\"$ref\": \"#/$defs/l\(level - 1)\"}"
            levels.append("\"l\(level)\": {\"anyOf\": [{\"allOf\": [\(below), \(below)]}, {\"const\": 0}]}")
        }
        let schema = "{\"$defs\": {" + levels.joined(separator: ", ") + "}, \"$ref\": \"#/$defs/l30\"}"
        let clock = ContinuousClock()
        let took = try clock.measure { _ = try problems(schema, #""x""#) }
        #expect(took < .seconds(10))
    }

    /// A walk cut short at the limit never refuses a valid file by the `oneOf` branches it did
    /// not finish (80,000 items, each applying a `oneOf` of two).
    @Test func aWalkCutShortAtTheStepLimitFindsNoProblem() throws {
        let schema = #"{"properties": {"xs": {"items": {"oneOf": [{"type": "integer"}, {"type": "string"}]}}}}"#
        let document = "{\"xs\": [" + (0..<80_000).map(String.init).joined(separator: ",") + "]}"
        #expect(try problems(schema, document) == [])
        let small = try problems(schema, #"{"xs": [1, "a", true]}"#)
        #expect(small.count == 1 && small.first?.hasPrefix("/xs/2: ") == true, "\(small)")
    }

    /// Documents Python's `jsonschema` accepts (checked with `jsonschema.validate(…,
    /// format_checker=…)` when these were written) have no problems here.
    @Test func documentsPythonsJsonschemaAcceptsHaveNoProblems() throws {
        let dependabot = #"""
            {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "required": ["version", "updates"],
             "definitions": {"schedule": {"type": "object", "required": ["interval"], "properties": {
                "interval": {"enum": ["daily", "weekly", "monthly"]}, "time": {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"}}}},
             "properties": {"version": {"const": 2}, "updates": {"type": "array", "minItems": 1, "items": {"type": "object",
               "required": ["package-ecosystem", "directory", "schedule"], "additionalProperties": false, "properties": {
                 "package-ecosystem": {"enum": ["npm", "pip", "github-actions", "swift"]}, "directory": {"type": "string", "minLength": 1},
                 "schedule": {"$ref": "#/definitions/schedule"}, "open-pull-requests-limit": {"type": "integer", "minimum": 0, "maximum": 10},
                 "labels": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}}}}}
            """#
        #expect(try problems(dependabot, #"""
            {"version": 2, "updates": [{"package-ecosystem": "swift", "directory": "/", "schedule": {"interval": "weekly", "time": "09:00"},
              "labels": ["deps", "swift"], "open-pull-requests-limit": 5}]}
            """#) == [])
        #expect(try problems(dependabot, #"{"version": 2, "updates": [{"package-ecosystem": "swift", "schedule": {}}]}"#) == [
            "/updates/0/directory: required", "/updates/0/schedule/interval: required",
        ])
        let service = #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "required": ["name"],
             "properties": {"name": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"}, "host": {"type": "string", "format": "hostname"},
               "address": {"anyOf": [{"type": "string", "format": "ipv4"}, {"type": "string", "format": "ipv6"}]},
               "port": {"type": "integer", "exclusiveMinimum": 0, "maximum": 65535}, "started": {"type": "string", "format": "date-time"},
               "id": {"type": "string", "format": "uuid"}, "homepage": {"type": "string", "format": "uri"},
               "owner": {"type": "string", "format": "email"}, "tags": {"type": "array", "prefixItems": [{"const": "primary"}], "items": {"type": "string"}},
               "limits": {"type": "object", "patternProperties": {"^[a-z]+$": {"type": "number", "multipleOf": 0.5}}, "additionalProperties": false},
               "tls": {"type": "boolean"}},
             "dependentRequired": {"tls": ["host"]},
             "if": {"properties": {"tls": {"const": true}}, "required": ["tls"]}, "then": {"properties": {"port": {"const": 443}}}}
            """#
        #expect(try problems(service, #"""
            {"name": "web-1", "host": "example.com", "address": "2001:db8::1", "port": 443, "started": "2024-05-01T12:30:00+02:00",
             "id": "123e4567-e89b-12d3-a456-426614174000", "homepage": "https://example.com/", "owner": "ops@example.com",
             "tags": ["primary", "eu"], "limits": {"cpu": 1.5, "memory": 4}, "tls": true, "comment": "kept"}
            """#) == [])
        #expect(try problems(service, #"{"name": "Web", "tls": true, "port": 80}"#) == [
            "/host: required when tls is set", "/name: expected a value matching ^[a-z][a-z0-9-]*$", "/port: expected 443",
        ])
    }
}
