package dev.dsh.host.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.Config;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.ref.WeakReference;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The validator caches schemas and JsonConfig binds with Jackson: neither may keep a plugin's
 * config class, and so its class loader, alive once the plugin is gone.
 */
class ConfigClassLoaderLeakTest {

  private static final String PROBE = LeakProbeConfig.class.getName();

  // Outlives the throwaway loader, as the host's validator does.
  private final SchemaConfigValidator validator = new SchemaConfigValidator();

  @Test
  void validatingAndBindingLeaveTheConfigClassLoaderCollectable() throws Exception {
    WeakReference<ClassLoader> loader = validateAndBindInAThrowawayLoader();

    // Generous hang bound; collection normally happens on the first pass.
    for (int i = 0; i < 100 && loader.get() != null; i++) {
      System.gc();
      Thread.sleep(100);
    }

    assertThat(loader.get()).as("the config class loader after validate and bind").isNull();
  }

  private WeakReference<ClassLoader> validateAndBindInAThrowawayLoader() throws Exception {
    ClassLoader loader = new IsolatingLoader(getClass().getClassLoader());
    Class<?> type = Class.forName(PROBE, true, loader);
    assertThat(type).isNotSameAs(LeakProbeConfig.class);

    Config config =
        validator.validate("probe", type, Map.of("count", 20, "nested", Map.of()));
    Object bound = config.bind(type);
    assertThat(bound.getClass()).isSameAs(type);
    assertThat(bound.toString()).contains("count=20").contains("name=x");
    // The schema is cached: a second validation of the same class takes the cached one.
    validator.validate("probe", type, Map.of());
    return new WeakReference<>(loader);
  }

  /** Defines the probe classes itself and delegates everything else to its parent. */
  private static final class IsolatingLoader extends ClassLoader {

    IsolatingLoader(ClassLoader parent) {
      super(parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (!name.startsWith(PROBE)) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> loaded = findLoadedClass(name);
        if (loaded == null) {
          byte[] bytes = bytesOf(name);
          loaded = defineClass(name, bytes, 0, bytes.length);
        }
        return loaded;
      }
    }

    private byte[] bytesOf(String name) throws ClassNotFoundException {
      try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
        if (in == null) {
          throw new ClassNotFoundException(name);
        }
        return in.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
