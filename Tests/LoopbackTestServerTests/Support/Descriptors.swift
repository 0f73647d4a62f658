import Glibc

/// Open descriptors of this process, from /proc/self/fd (minus the one used to list it).
func openDescriptorCount() -> Int {
  guard let directory = opendir("/proc/self/fd") else { return -1 }
  defer { closedir(directory) }
  var count = 0
  while readdir(directory) != nil { count += 1 }
  return count - 3  // ".", "..", and the directory's own descriptor
}
