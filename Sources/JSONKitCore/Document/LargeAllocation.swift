#if os(Linux) && canImport(Glibc)
  import Glibc
  import Threading

  /// Memory for `GrowableBuffer`s of `threshold` bytes or more: anonymous mappings of our
  /// own, 2 MiB-aligned and marked `MADV_HUGEPAGE`, so the kernel backs them with huge pages
  /// when it has them (transparent huge pages in `madvise` mode, Debian's default).
  ///
  /// Why: parsing a 100 MB document with the stream parser grows the tape to ~48 MB and the
  /// text buffer to ~32 MB; with malloc every 4 KiB page of that costs a page fault on first
  /// touch (~23,000 minor faults, ~90 ms of system time out of ~550 ms in our VM). With huge
  /// pages it is one fault per 2 MiB: `jsonkit -c .` on that file went from ~18,100 to
  /// ~2,400 minor faults and ~60 to ~20 ms of system time, `-c .statuses[].user.screen_name`
  /// from ~23,000 to ~7,300 (the rest is small objects made after parsing). Marking the interior of glibc's own mmapped chunks does
  /// not work: `madvise` splits the chunk's VMA, glibc's next `realloc` → `mremap` then fails
  /// (EFAULT) and glibc falls back to mmap + copy + munmap, which faults more than before.
  ///
  /// Layout: a region reserves address space (`PROT_NONE`, which costs no memory and no
  /// commit charge) well past what was asked for, and only the first `committed` bytes are
  /// readable and writable. Growing within the reservation is one `mprotect` (no copy, no
  /// move, the pointer stays the same); the kernel keeps `VM_HUGEPAGE` on both parts, and the
  /// writable part always ends on a 2 MiB boundary so every huge page it covers can be mapped
  /// whole. (`mremap` would also keep the flag, but Swift cannot call it: glibc declares it
  /// variadic, and calling it through a non-variadic function pointer is not ABI-correct.)
  /// Only when a buffer outgrows its reservation does it move, to a reservation 8× larger.
  /// When a buffer stops growing (`GrowableBuffer.take()`, `TapeBuilder.finishSharedStorage`)
  /// the reservation is cut down to the 2 MiB-rounded size, so a live document holds at most
  /// 2 MiB - 1 bytes of slack per buffer (and untouched pages of it are not resident).
  ///
  /// How `release` tells our regions from malloc's: every region starts on a 2 MiB boundary,
  /// so a pointer that is not 2 MiB-aligned is malloc's without further ado (nearly all of
  /// them, and the check is one `and`); an aligned one is looked up in `regions`, a registry
  /// of live regions keyed by start address. A header before the returned pointer was the
  /// alternative, but telling a malloc pointer apart would then mean reading memory before
  /// it, which belongs to glibc (its chunk layout is not ours to rely on) and may not even be
  /// mapped. The registry is behind a lock because documents are freed on any thread; it
  /// is touched only for large buffers (a few times per large document), never per value.
  enum LargeAllocation {
    /// Requests of at least this many bytes get a region.
    ///
    /// Below it glibc is as good and a
    /// huge page would round a small buffer up too much.
    static let threshold = 4 << 20
    static let hugePageSize = 2 << 20
    /// A new region reserves `reservationFactor` times what was asked for, at least
    /// `minimumReservation`: a buffer that crosses `threshold` then doubles to 64 MiB in
    /// place, and a bigger one moves (copies) once per 8× growth.
    static let reservationFactor = 8
    static let minimumReservation = 64 << 20

    struct Region {
      /// Bytes of address space mapped from the start (a multiple of `hugePageSize`).
      var reserved: Int
      /// Bytes readable and writable from the start (a multiple of `hugePageSize`).
      var committed: Int
      /// Bytes the owner asked for last; what a move preserves.
      var requested: Int
    }

    private static let regions = Locked<[UInt: Region]>([:])

    @inline(__always)
    private static func roundUp(_ bytes: Int) -> Int {
      (bytes &+ (hugePageSize &- 1)) & ~(hugePageSize &- 1)
    }

    /// Whether `pointer` can be a region's start; `false` means it is malloc's.
    @inline(__always)
    private static func mayBeRegion(_ pointer: UnsafeMutableRawPointer) -> Bool {
      UInt(bitPattern: pointer) & UInt(hugePageSize - 1) == 0
    }

    private static func lookup(_ pointer: UnsafeMutableRawPointer) -> Region? {
      guard mayBeRegion(pointer) else { return nil }
      return regions.withLock { $0[UInt(bitPattern: pointer)] }
    }

    /// A new region of at least `bytes` bytes, or `nil` when the kernel refuses (the caller
    /// then uses malloc).
    static func allocate(bytes: Int) -> UnsafeMutableRawPointer? {
      let committed = roundUp(bytes)
      let (scaled, overflow) = bytes.multipliedReportingOverflow(by: reservationFactor)
      var reserved =
        overflow ? committed : Swift.max(roundUp(scaled), minimumReservation, committed)
      var mapped = reserve(reserved)
      if mapped == nil && reserved > committed {
        // Address space is limited (`ulimit -v`): no room to grow in place, then.
        reserved = committed
        mapped = reserve(reserved)
      }
      guard let base = mapped else { return nil }
      guard mprotect(base, committed, PROT_READ | PROT_WRITE) == 0 else {
        munmap(base, reserved)
        return nil
      }
      regions.withLock {
        $0[UInt(bitPattern: base)] = Region(
          reserved: reserved, committed: committed, requested: bytes)
      }
      return base
    }

    /// Maps `size` bytes of inaccessible address space starting on a 2 MiB boundary, marked
    /// for huge pages.
    private static func reserve(_ size: Int) -> UnsafeMutableRawPointer? {
      // Safe: `aligned` lies in the `size + hugePageSize` bytes mapped, `head` below it and the
      // tail past `aligned + size` are unmapped, so `size` mapped bytes start at the (non-null)
      // `aligned`.
      let (padded, overflow) = size.addingReportingOverflow(hugePageSize)
      guard !overflow else { return nil }
      guard let raw = mmap(nil, padded, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        raw != MAP_FAILED
      else { return nil }
      let address = UInt(bitPattern: raw)
      let aligned = (address &+ UInt(hugePageSize - 1)) & ~UInt(hugePageSize - 1)
      let head = Int(aligned &- address)
      if head > 0 { munmap(raw, head) }
      if hugePageSize - head > 0 {
        munmap(UnsafeMutableRawPointer(bitPattern: aligned &+ UInt(size)), hugePageSize - head)
      }
      let base = UnsafeMutableRawPointer(bitPattern: aligned)!
      // Fails only on kernels without transparent huge pages; the region works without.
      _ = madvise(base, size, MADV_HUGEPAGE)
      return base
    }

    /// Resizes `pointer` to `bytes` bytes, keeping its first `min(old, bytes)` bytes, when it
    /// is a region; returns `nil` when it is not (it is malloc's).
    ///
    /// Growing past the last request keeps room to grow further; a request that does not
    /// grow means the buffer has its final size: the region is cut down to it (memory and
    /// reservation past the 2 MiB-rounded size are unmapped), in place.
    static func reallocate(_ pointer: UnsafeMutableRawPointer, bytes: Int)
      -> UnsafeMutableRawPointer?
    {
      // Safe: `pointer` is a region's start (`lookup`), so offsets below `region.reserved` are its
      // address space; a move copies the `requested` bytes into `moved`, which has `bytes` more.
      guard var region = lookup(pointer) else { return nil }
      let key = UInt(bitPattern: pointer)
      let needed = roundUp(Swift.max(bytes, 1))
      if bytes <= region.requested {
        // Final size: give back what lies past it.
        if needed < region.reserved {
          let cut = region.reserved - needed
          region.reserved = needed
          region.committed = Swift.min(region.committed, needed)
          region.requested = bytes
          regions.withLock { $0[key] = region }
          munmap(pointer + needed, cut)
        } else {
          region.requested = bytes
          regions.withLock { $0[key] = region }
        }
        return pointer
      }
      if needed <= region.reserved {
        if needed > region.committed {
          guard
            mprotect(pointer + region.committed, needed - region.committed, PROT_READ | PROT_WRITE)
              == 0
          else { outOfMemory(bytes) }
          region.committed = needed
        }
        region.requested = bytes
        regions.withLock { $0[key] = region }
        return pointer
      }
      // Outgrew the reservation: move to a bigger region (or to malloc if the kernel refuses).
      let moved: UnsafeMutableRawPointer
      if let fresh = allocate(bytes: bytes) {
        moved = fresh
      } else if let fallback = malloc(bytes) {
        moved = fallback
      } else {
        outOfMemory(bytes)
      }
      moved.copyMemory(from: pointer, byteCount: region.requested)
      _ = release(pointer)
      return moved
    }

    /// Unmaps `pointer` when it is a region and returns `true`; returns `false` (and does
    /// nothing) when it is malloc's.
    static func release(_ pointer: UnsafeMutableRawPointer) -> Bool {
      guard mayBeRegion(pointer) else { return false }
      // Removed before unmapping: once unmapped, the address may be mapped again, by any
      // thread, and registered anew.
      guard let region = regions.withLock({ $0.removeValue(forKey: UInt(bitPattern: pointer)) })
      else { return false }
      munmap(pointer, region.reserved)
      return true
    }

    /// Whether `pointer` is a region (for tests).
    static func isRegion(_ pointer: UnsafeMutableRawPointer) -> Bool { lookup(pointer) != nil }

    /// Bytes of address space mapped for the region at `pointer` (for tests).
    static func reservedBytes(_ pointer: UnsafeMutableRawPointer) -> Int? {
      lookup(pointer)?.reserved
    }

    static func outOfMemory(_ bytes: Int) -> Never {
      fatalError("JSONKit: out of memory allocating \(bytes) bytes")
    }
  }
#endif
