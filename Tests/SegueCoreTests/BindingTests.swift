import Testing
@testable import SegueCore

@Suite struct DataPathTests {
    let data = JSONValue.object([
        "user": .object(["name": .string("Graham Perks"), "age": .number("42")]),
        "items": .array([.object(["title": .string("First")]), .object(["title": .string("Second")])]),
    ])

    @Test func walksObjectsAndArrayIndices() {
        #expect(DataPath("user.name").resolve(in: data) == .string("Graham Perks"))
        #expect(DataPath("items.1.title").resolve(in: data) == .string("Second"))
        #expect(DataPath("items").resolve(in: data)?.summary == "an array")
    }

    @Test func missingStepsResolveToNothing() {
        #expect(DataPath("user.email").resolve(in: data) == nil)
        #expect(DataPath("items.2.title").resolve(in: data) == nil)
        #expect(DataPath("items.x").resolve(in: data) == nil)
        #expect(DataPath("user.name.first").resolve(in: data) == nil)
        #expect(DataPath("").resolve(in: data) == nil)
    }
}

@Suite struct DataContextTests {
    @Test func innerLayersHideOuterOnesByFirstComponent() {
        let context = DataContext(layers: [
            .object(["user": .object(["name": .string("Outer"), "id": .number("1")]), "env": .object([:])]),
            .object(["user": .object(["name": .string("Inner")])]),
        ])
        #expect(context.value(at: "user.name") == .string("Inner"))
        #expect(context.value(at: "user.id") == nil)  // the inner `user` answers for the whole path
        #expect(context.adding("user", .string("x")).value(at: "user") == .string("x"))
    }
}

@Suite struct TemplateTests {
    let context = DataContext(layers: [.object([
        "user": .object(["name": .string("Ann"), "tags": .array([.string("a"), .string("b")])]),
        "count": .number("3"), "on": .bool(true), "none": .null,
    ])])

    @Test func fillsPlaceholders() {
        #expect(Template("Hello {{user.name}}!").render(in: context) == "Hello Ann!")
        #expect(Template("{{count}} items, on={{on}}").render(in: context) == "3 items, on=true")
        #expect(Template("{{ user.name }}").render(in: context) == "Ann")
        #expect(Template("{{user.tags}}").render(in: context) == #"["a","b"]"#)
    }

    @Test func missingValuesRenderEmptyOrTheirFallback() {
        #expect(Template("[{{user.email}}]").render(in: context) == "[]")
        #expect(Template("{{user.email | no email}}").render(in: context) == "no email")
        #expect(Template("{{none | nothing}}").render(in: context) == "nothing")
        #expect(Template("{{user.name | Guest}}").render(in: context) == "Ann")
    }

    @Test func reportsPathsThatResolveToNothing() {
        #expect(Template("{{user.email}} {{user.name}} {{x | y}}").missingPaths(in: context) == [DataPath("user.email")])
    }

    @Test func escapedBracesAreLiteral() {
        #expect(Template(#"\{{user.name}}"#).render(in: context) == "{{user.name}}")
        #expect(Template("a {{ b").render(in: context) == "a {{ b")  // unclosed: left as written
        #expect(!Template("plain").hasPlaceholders)
    }

    @Test func aLonePlaceholderStandsForTheWholeValue() {
        #expect(Template("{{user}}").value(in: context) == context.value(at: "user"))
        #expect(Template("{{count}}").value(in: context) == .number("3"))
        #expect(Template("n={{count}}").value(in: context) == .string("n=3"))
        #expect(Template("{{missing | 0}}").value(in: context) == .string("0"))
    }
}
