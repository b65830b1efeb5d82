/// A place in the code that a finding's verdict rests on, and what it shows.
public struct RelatedLocation: Sendable, Codable, Equatable, Hashable {
    public var path: String
    public var line: Int
    /// 1-based; 1 when only the line is known.
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int = 1, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }
}
