@discardableResult func a() -> Int { 1 }
@discardableResult
func b() -> Int { 2 }
@objc(run:) func c(_ x: Int) {}
@objc(run:)
func d(_ x: Int) {}
// Keep @nonobjc off this.
