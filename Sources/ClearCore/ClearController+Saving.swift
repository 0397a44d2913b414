extension ClearController {
    /// Whether `saved` are the lists now (`saved == lists`), without building `lists`:
    /// the app asks on every turn of its loop, and building them copies the stored lists
    /// (an allocation) once the open list has changed. Compared in place at the items
    /// level, the kiosk's; built and compared at the others.
    public func listsEqual(_ saved: TodoLists) -> Bool {
        guard navigation.level == .items else { return saved == lists }
        let stored = navigation.storedLists
        guard let open = stored.openIndex else { return saved == lists }
        guard saved.openIndex == open, saved.themeName == theme.name,
            saved.soundOn == stored.soundOn, saved.lists.count == stored.lists.count
        else { return false }
        // A copy of one list with the items as changed so far: a new value in a local,
        // which copies no array (the array of lists would be copied by a change in place).
        var openList = stored.lists[open]
        openList.list = list
        for index in stored.lists.indices {
            guard saved.lists[index] == (index == open ? openList : stored.lists[index]) else {
                return false
            }
        }
        return true
    }
}
