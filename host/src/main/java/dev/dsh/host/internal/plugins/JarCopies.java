package dev.dsh.host.internal.plugins;

import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The private copies PF4J loads, so a jar replaced on disk never changes under a live class loader.
 * A copy's name carries its process: a later start deletes those of processes that were killed.
 */
final class JarCopies {

  private static final String PREFIX = "copy-";

  private final Path folder;

  JarCopies(Path folder) {
    this.folder = folder;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, PREFIX + "*.jar")) {
      for (Path file : files) {
        String pid = file.getFileName().toString().split("-")[1];
        if (pid.matches("[0-9]{1,18}") && ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
          delete(file);
        }
      }
    } catch (IOException e) {
      // No folder yet, or one that cannot be listed: the first copy reports what it cannot write.
    }
  }

  /** A private copy of {@code jar}, owner-only; the watcher waits for a jar being written. */
  Path take(Path jar) {
    if (!Files.isRegularFile(jar)) {
      throw new PluginLoadException(jar, Files.isDirectory(jar)
          ? "is a directory; give the plugin's jar file"
          : Files.exists(jar) ? "not a regular file" : "no such file");
    }
    Path copy;
    try { // an owner-only file; PF4J loads only names ending in .jar
      Files.createDirectories(folder);
      copy = Files.createTempFile(folder, PREFIX + ProcessHandle.current().pid() + "-", ".jar");
    } catch (IOException e) {
      // The home's cache, not this jar, is at fault: every jar would fail the same way.
      throw FileProblems.writeFailed("cannot load the plugins", e, folder, FileAccessException.Kind.FOLDER);
    }
    try (OutputStream out = Files.newOutputStream(copy)) {
      Files.copy(jar, out);
      return copy;
    } catch (IOException e) {
      delete(copy);
      throw e instanceof NoSuchFileException ? new PluginLoadException(jar, "no such file")
          : new PluginLoadException(jar, "cannot copy the jar: " + e, e);
    }
  }

  static void delete(Path copy) {
    try {
      Files.deleteIfExists(copy);
    } catch (IOException e) {
      // A leftover copy is deleted by a later start.
    }
  }
}
