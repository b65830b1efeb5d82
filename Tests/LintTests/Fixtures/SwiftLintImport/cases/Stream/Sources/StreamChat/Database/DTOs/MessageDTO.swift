class MessageDTO: NSManagedObject {
    @NSManaged var createdAt: Date
    @NSManaged public var updatedAt: NSDate?
    @NSManaged var text: String
}
