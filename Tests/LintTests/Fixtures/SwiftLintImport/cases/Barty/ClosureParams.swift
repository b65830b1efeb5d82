let names = users.map { (user) in user.name }
let ages = users.map { (user: User) in user.age }
let ids = users.map { $0.id }
