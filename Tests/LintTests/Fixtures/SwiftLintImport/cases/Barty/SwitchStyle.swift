switch result {
case .success(let value):
    print(value)
case let .failure(error):
    print(error)
}
