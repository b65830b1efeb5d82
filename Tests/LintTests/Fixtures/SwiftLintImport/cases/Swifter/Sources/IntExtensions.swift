public extension Int {

    /// Returns the square.
    var squared: Int { self * self }

    /// SwifterSwift: Returns the cube.
    var cubed: Int { self * self * self }
}
