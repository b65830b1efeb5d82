let a = "http://example.com"
let b = "https://example.com"
let c = "HTTP/1.1"
let httpClient = Client()
// http://example.com
