import SegueSpec

/// How far aliases may expand a YAML document: a few hundred bytes of nested aliases ("a billion
/// laughs") stand for gigabytes of JSON, so each alias is weighed, before anything is written for
/// it, by all it stands for, and refused past a small multiple of what the document writes itself.
///
/// go-yaml's rule (`allowedAliasRatio`: aliases may make 99% of a small document and 10% of a
/// huge one) said as a budget: aliases may add up to `multiple` times the document's own weight so
/// far, at most `most` in all, or as much as the document itself when that is more. A node weighs
/// about the JSON written for it (a scalar its bytes and two, a collection two), so a long text
/// behind an anchor counts for what copying it costs. What an anchor stands for is known when its
/// node is made (`YAMLTree.node(from:)`), so a bomb is refused at its first alias past the budget,
/// nothing of it expanded.
struct YAMLAliasBudget {
    /// How many times the document's own weight its aliases may add.
    static let multiple = 100
    /// The most aliases may add to a document weighing less than this (about the JSON bytes,
    /// written in well under a second).
    static let most = 16 << 20

    /// What the document writes itself so far: each scalar, collection and alias.
    private(set) var own = 0
    /// What its aliases have added so far: each the whole weight of what it names.
    private(set) var expanded = 0

    /// What a node written as it is weighs: a scalar of `bytes`, else (`nil`) a collection or an alias.
    static func weight(bytes: Int?) -> Int {
        (bytes ?? 0) + 2
    }

    /// What aliases may add to a document weighing `own`.
    static func allowance(own: Int) -> Int {
        let multiplied = own.multipliedReportingOverflow(by: multiple)
        return max(multiplied.overflow ? Int.max : min(multiplied.partialValue, most), own)
    }

    mutating func noteOwn(_ weight: Int) {
        own += weight
    }

    /// Spends `weight` on the alias `*name` at `mark`, or refuses it: the error says why, where.
    mutating func spend(_ weight: Int, on name: String, at mark: YAMLMark) throws(JSONSyntaxError) {
        let (total, overflow) = expanded.addingReportingOverflow(weight)
        let allowance = Self.allowance(own: own)
        if !overflow, total <= allowance {
            expanded = total
            return
        }
        let limit = allowance == own ? "more than the document itself"
            : allowance == Self.most ? "more than \(ByteSize.text(Self.most)) of JSON" : "more than \(Self.multiple) times the document"
        let named = JSONValue.string("*" + name).summary
        throw YAMLToJSON.problem(at: mark, "aliases expand to \(limit) (a YAML alias bomb?): with \(named) they stand for "
            + "\(ByteSize.text(overflow ? Int.max : total)) of JSON, where the document so far writes \(ByteSize.text(own))")
    }
}
