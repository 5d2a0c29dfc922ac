package dev.dsh.host.internal.profile;

import java.util.List;

/**
 * A parsed patch file.
 *
 * @param name the layer as named in messages ({@code user layer profiles/default/cordis.patch.yml})
 * @param entries the entries in file order
 */
record PatchLayer(String name, List<PatchEntry> entries) {

  PatchLayer {
    entries = List.copyOf(entries);
  }
}
