var name: String? = nil
var age: Int? = 3
let id: Int? = nil
