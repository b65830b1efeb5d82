import Foundation
// let old = 1
func f() {}
