module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xui32>) -> (tensor<4xf64>, tensor<6xi1>) {
    %0 = func.call @_normal.7(%arg0) : (tensor<2xui32>) -> tensor<4xf64>
    %1 = stablehlo.constant dense<0.3> : tensor<f64>
    %2 = func.call @_bernoulli.13(%arg0, %1) : (tensor<2xui32>, tensor<f64>) -> tensor<6xi1>
    return %0, %2 : tensor<4xf64>, tensor<6xi1>
  }
  func.func private @_normal.7(%arg0: tensor<2xui32>) -> tensor<4xf64> {
    %0 = func.call @_normal_real.6(%arg0) : (tensor<2xui32>) -> tensor<4xf64>
    return %0 : tensor<4xf64>
  }
  func.func private @_bernoulli.13(%arg0: tensor<2xui32>, %arg1: tensor<f64>) -> tensor<6xi1> {
    %0 = stablehlo.constant dense<0.0> : tensor<f64>
    %1 = stablehlo.constant dense<1.0> : tensor<f64>
    %2 = func.call @_uniform_0.12(%arg0, %0, %1) : (tensor<2xui32>, tensor<f64>, tensor<f64>) -> tensor<6xf64>
    %3 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %4 = stablehlo.compare LT, %2, %3, FLOAT : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xi1>
    return %4 : tensor<6xi1>
  }
  func.func private @_normal_real.6(%arg0: tensor<2xui32>) -> tensor<4xf64> {
    %0 = stablehlo.constant dense<-0.9999999999999999> : tensor<f64>
    %1 = stablehlo.constant dense<1.0> : tensor<f64>
    %2 = func.call @_uniform.5(%arg0, %0, %1) : (tensor<2xui32>, tensor<f64>, tensor<f64>) -> tensor<4xf64>
    %3 = stablehlo.abs %2 : tensor<4xf64>
    %4 = stablehlo.constant dense<1.0> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %6 = stablehlo.compare EQ, %3, %5, FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
    %7 = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %9 = stablehlo.multiply %2, %8 : tensor<4xf64>
    %10 = stablehlo.negate %2 : tensor<4xf64>
    %11 = stablehlo.multiply %2, %10 : tensor<4xf64>
    %12 = stablehlo.log_plus_one %11 : tensor<4xf64>
    %13 = stablehlo.negate %12 : tensor<4xf64>
    %14 = stablehlo.constant dense<6.25> : tensor<f64>
    %15 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %16 = stablehlo.compare LT, %13, %15, FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
    %17 = stablehlo.constant dense<16.0> : tensor<f64>
    %18 = stablehlo.broadcast_in_dim %17, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %19 = stablehlo.compare LT, %13, %18, FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
    %20 = stablehlo.constant dense<0.00018673420803405714> : tensor<f64>
    %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %22 = stablehlo.constant dense<3.0838856104922208> : tensor<f64>
    %23 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %24 = "stablehlo.select"(%16, %21, %23) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %25 = stablehlo.constant dense<-0.000013882523362786469> : tensor<f64>
    %26 = stablehlo.broadcast_in_dim %25, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %27 = stablehlo.constant dense<1.0052589676941592> : tensor<f64>
    %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %29 = "stablehlo.select"(%16, %26, %28) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %30 = stablehlo.constant dense<-0.0000013654692000834679> : tensor<f64>
    %31 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %32 = stablehlo.constant dense<0.005370914553590064> : tensor<f64>
    %33 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %34 = "stablehlo.select"(%16, %31, %33) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %35 = stablehlo.constant dense<4.849906401408584> : tensor<f64>
    %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %37 = "stablehlo.select"(%19, %34, %36) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %38 = stablehlo.constant dense<4.2347877827932404e-7> : tensor<f64>
    %39 = stablehlo.broadcast_in_dim %38, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %40 = stablehlo.constant dense<-0.003751208507569241> : tensor<f64>
    %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %42 = "stablehlo.select"(%16, %39, %41) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %43 = stablehlo.constant dense<1.0103004648645344> : tensor<f64>
    %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %45 = "stablehlo.select"(%19, %42, %44) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %46 = stablehlo.constant dense<-2.9070369957882005e-8> : tensor<f64>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %48 = stablehlo.constant dense<0.002491442096107851> : tensor<f64>
    %49 = stablehlo.broadcast_in_dim %48, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %50 = "stablehlo.select"(%16, %47, %49) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %51 = stablehlo.constant dense<-0.00013871931833623122> : tensor<f64>
    %52 = stablehlo.broadcast_in_dim %51, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %53 = "stablehlo.select"(%19, %50, %52) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %54 = stablehlo.constant dense<-4.112633980346984e-9> : tensor<f64>
    %55 = stablehlo.broadcast_in_dim %54, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %56 = stablehlo.constant dense<-0.0016882755560235047> : tensor<f64>
    %57 = stablehlo.broadcast_in_dim %56, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %58 = "stablehlo.select"(%16, %55, %57) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %59 = stablehlo.constant dense<-0.00021503011930044477> : tensor<f64>
    %60 = stablehlo.broadcast_in_dim %59, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %61 = "stablehlo.select"(%19, %58, %60) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %62 = stablehlo.constant dense<1.0512122733215323e-9> : tensor<f64>
    %63 = stablehlo.broadcast_in_dim %62, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %64 = stablehlo.constant dense<0.0009532893797373805> : tensor<f64>
    %65 = stablehlo.broadcast_in_dim %64, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %66 = "stablehlo.select"(%16, %63, %65) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %67 = stablehlo.constant dense<0.00007599527703001776> : tensor<f64>
    %68 = stablehlo.broadcast_in_dim %67, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %69 = "stablehlo.select"(%19, %66, %68) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %70 = stablehlo.constant dense<-5.415412054294628e-11> : tensor<f64>
    %71 = stablehlo.broadcast_in_dim %70, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %72 = stablehlo.constant dense<-0.0003550375203628475> : tensor<f64>
    %73 = stablehlo.broadcast_in_dim %72, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %74 = "stablehlo.select"(%16, %71, %73) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %75 = stablehlo.constant dense<-0.00001968177810553167> : tensor<f64>
    %76 = stablehlo.broadcast_in_dim %75, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %77 = "stablehlo.select"(%19, %74, %76) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %78 = stablehlo.constant dense<-1.2975133253453532e-11> : tensor<f64>
    %79 = stablehlo.broadcast_in_dim %78, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %80 = stablehlo.constant dense<0.000024031110387097894> : tensor<f64>
    %81 = stablehlo.broadcast_in_dim %80, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %82 = "stablehlo.select"(%16, %79, %81) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %83 = stablehlo.constant dense<0.000004526062597223154> : tensor<f64>
    %84 = stablehlo.broadcast_in_dim %83, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %85 = "stablehlo.select"(%19, %82, %84) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %86 = stablehlo.constant dense<2.6335093153082323e-12> : tensor<f64>
    %87 = stablehlo.broadcast_in_dim %86, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %88 = stablehlo.constant dense<0.00006828485145957318> : tensor<f64>
    %89 = stablehlo.broadcast_in_dim %88, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %90 = "stablehlo.select"(%16, %87, %89) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %91 = stablehlo.constant dense<-9.9298272942317e-7> : tensor<f64>
    %92 = stablehlo.broadcast_in_dim %91, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %93 = "stablehlo.select"(%19, %90, %92) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %94 = stablehlo.constant dense<-8.151934197605472e-14> : tensor<f64>
    %95 = stablehlo.broadcast_in_dim %94, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %96 = stablehlo.constant dense<-0.000047318229009055734> : tensor<f64>
    %97 = stablehlo.broadcast_in_dim %96, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %98 = "stablehlo.select"(%16, %95, %97) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %99 = stablehlo.constant dense<2.2900482228026655e-7> : tensor<f64>
    %100 = stablehlo.broadcast_in_dim %99, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %101 = "stablehlo.select"(%19, %98, %100) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %102 = stablehlo.constant dense<-4.054566272975207e-14> : tensor<f64>
    %103 = stablehlo.broadcast_in_dim %102, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %104 = stablehlo.constant dense<0.000012475304481671779> : tensor<f64>
    %105 = stablehlo.broadcast_in_dim %104, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %106 = "stablehlo.select"(%16, %103, %105) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %107 = stablehlo.constant dense<-6.771199775845234e-8> : tensor<f64>
    %108 = stablehlo.broadcast_in_dim %107, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %109 = "stablehlo.select"(%19, %106, %108) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %110 = stablehlo.constant dense<6.637638134358324e-15> : tensor<f64>
    %111 = stablehlo.broadcast_in_dim %110, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %112 = stablehlo.constant dense<0.0000029234449089955446> : tensor<f64>
    %113 = stablehlo.broadcast_in_dim %112, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %114 = "stablehlo.select"(%16, %111, %113) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %115 = stablehlo.constant dense<2.914795345090108e-8> : tensor<f64>
    %116 = stablehlo.broadcast_in_dim %115, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %117 = "stablehlo.select"(%19, %114, %116) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %118 = stablehlo.constant dense<2.0972767875968562e-17> : tensor<f64>
    %119 = stablehlo.broadcast_in_dim %118, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %120 = stablehlo.constant dense<-0.000004013867526981546> : tensor<f64>
    %121 = stablehlo.broadcast_in_dim %120, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %122 = "stablehlo.select"(%16, %119, %121) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %123 = stablehlo.constant dense<-1.496002662714924e-8> : tensor<f64>
    %124 = stablehlo.broadcast_in_dim %123, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %125 = "stablehlo.select"(%19, %122, %124) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %126 = stablehlo.constant dense<-1.333171662854621e-16> : tensor<f64>
    %127 = stablehlo.broadcast_in_dim %126, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %128 = stablehlo.constant dense<0.0000015027403968909828> : tensor<f64>
    %129 = stablehlo.broadcast_in_dim %128, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %130 = "stablehlo.select"(%16, %127, %129) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %131 = stablehlo.constant dense<7.61570120807834e-9> : tensor<f64>
    %132 = stablehlo.broadcast_in_dim %131, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %133 = "stablehlo.select"(%19, %130, %132) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %134 = stablehlo.constant dense<1.1157877678025181e-17> : tensor<f64>
    %135 = stablehlo.broadcast_in_dim %134, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %136 = stablehlo.constant dense<1.8239629214389228e-8> : tensor<f64>
    %137 = stablehlo.broadcast_in_dim %136, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %138 = "stablehlo.select"(%16, %135, %137) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %139 = stablehlo.constant dense<-3.789465440126737e-9> : tensor<f64>
    %140 = stablehlo.broadcast_in_dim %139, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %141 = "stablehlo.select"(%19, %138, %140) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %142 = stablehlo.constant dense<1.28584807152564e-18> : tensor<f64>
    %143 = stablehlo.broadcast_in_dim %142, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %144 = stablehlo.constant dense<-2.7517406297064545e-7> : tensor<f64>
    %145 = stablehlo.broadcast_in_dim %144, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %146 = "stablehlo.select"(%16, %143, %145) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %147 = stablehlo.constant dense<1.5076572693500548e-9> : tensor<f64>
    %148 = stablehlo.broadcast_in_dim %147, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %149 = "stablehlo.select"(%19, %146, %148) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %150 = stablehlo.constant dense<-1.6850591381820166e-19> : tensor<f64>
    %151 = stablehlo.broadcast_in_dim %150, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %152 = stablehlo.constant dense<9.075656193888539e-8> : tensor<f64>
    %153 = stablehlo.broadcast_in_dim %152, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %154 = "stablehlo.select"(%16, %151, %153) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %155 = stablehlo.constant dense<-2.555641816996525e-10> : tensor<f64>
    %156 = stablehlo.broadcast_in_dim %155, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %157 = "stablehlo.select"(%19, %154, %156) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %158 = stablehlo.constant dense<-3.64441206401782e-21> : tensor<f64>
    %159 = stablehlo.broadcast_in_dim %158, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %160 = stablehlo.constant dense<2.2137376921775787e-9> : tensor<f64>
    %161 = stablehlo.broadcast_in_dim %160, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %162 = "stablehlo.select"(%16, %159, %161) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %163 = stablehlo.constant dense<-2.7109920616438573e-11> : tensor<f64>
    %164 = stablehlo.broadcast_in_dim %163, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %165 = "stablehlo.select"(%19, %162, %164) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %166 = stablehlo.constant dense<3.125> : tensor<f64>
    %167 = stablehlo.broadcast_in_dim %166, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %168 = stablehlo.subtract %13, %167 : tensor<4xf64>
    %169 = stablehlo.sqrt %13 : tensor<4xf64>
    %170 = stablehlo.constant dense<3.25> : tensor<f64>
    %171 = stablehlo.broadcast_in_dim %170, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %172 = stablehlo.constant dense<5.0> : tensor<f64>
    %173 = stablehlo.broadcast_in_dim %172, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %174 = "stablehlo.select"(%19, %171, %173) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %175 = stablehlo.subtract %169, %174 : tensor<4xf64>
    %176 = "stablehlo.select"(%16, %168, %175) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %177 = stablehlo.multiply %165, %176 : tensor<4xf64>
    %178 = stablehlo.add %157, %177 : tensor<4xf64>
    %179 = stablehlo.multiply %178, %176 : tensor<4xf64>
    %180 = stablehlo.add %149, %179 : tensor<4xf64>
    %181 = stablehlo.multiply %180, %176 : tensor<4xf64>
    %182 = stablehlo.add %141, %181 : tensor<4xf64>
    %183 = stablehlo.multiply %182, %176 : tensor<4xf64>
    %184 = stablehlo.add %133, %183 : tensor<4xf64>
    %185 = stablehlo.multiply %184, %176 : tensor<4xf64>
    %186 = stablehlo.add %125, %185 : tensor<4xf64>
    %187 = stablehlo.multiply %186, %176 : tensor<4xf64>
    %188 = stablehlo.add %117, %187 : tensor<4xf64>
    %189 = stablehlo.multiply %188, %176 : tensor<4xf64>
    %190 = stablehlo.add %109, %189 : tensor<4xf64>
    %191 = stablehlo.multiply %190, %176 : tensor<4xf64>
    %192 = stablehlo.add %101, %191 : tensor<4xf64>
    %193 = stablehlo.multiply %192, %176 : tensor<4xf64>
    %194 = stablehlo.add %93, %193 : tensor<4xf64>
    %195 = stablehlo.multiply %194, %176 : tensor<4xf64>
    %196 = stablehlo.add %85, %195 : tensor<4xf64>
    %197 = stablehlo.multiply %196, %176 : tensor<4xf64>
    %198 = stablehlo.add %77, %197 : tensor<4xf64>
    %199 = stablehlo.multiply %198, %176 : tensor<4xf64>
    %200 = stablehlo.add %69, %199 : tensor<4xf64>
    %201 = stablehlo.multiply %200, %176 : tensor<4xf64>
    %202 = stablehlo.add %61, %201 : tensor<4xf64>
    %203 = stablehlo.multiply %202, %176 : tensor<4xf64>
    %204 = stablehlo.add %53, %203 : tensor<4xf64>
    %205 = stablehlo.multiply %204, %176 : tensor<4xf64>
    %206 = stablehlo.add %45, %205 : tensor<4xf64>
    %207 = stablehlo.multiply %206, %176 : tensor<4xf64>
    %208 = stablehlo.add %37, %207 : tensor<4xf64>
    %209 = stablehlo.multiply %208, %176 : tensor<4xf64>
    %210 = stablehlo.add %29, %209 : tensor<4xf64>
    %211 = "stablehlo.select"(%19, %210, %208) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %212 = stablehlo.multiply %211, %176 : tensor<4xf64>
    %213 = stablehlo.add %24, %212 : tensor<4xf64>
    %214 = "stablehlo.select"(%19, %213, %211) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %215 = stablehlo.multiply %214, %176 : tensor<4xf64>
    %216 = stablehlo.constant dense<-0.000740702534166267> : tensor<f64>
    %217 = stablehlo.broadcast_in_dim %216, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %218 = stablehlo.add %215, %217 : tensor<4xf64>
    %219 = "stablehlo.select"(%16, %218, %214) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %220 = stablehlo.multiply %219, %176 : tensor<4xf64>
    %221 = stablehlo.constant dense<-0.006033670871430149> : tensor<f64>
    %222 = stablehlo.broadcast_in_dim %221, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %223 = stablehlo.add %220, %222 : tensor<4xf64>
    %224 = "stablehlo.select"(%16, %223, %219) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %225 = stablehlo.multiply %224, %176 : tensor<4xf64>
    %226 = stablehlo.constant dense<0.24015818242558962> : tensor<f64>
    %227 = stablehlo.broadcast_in_dim %226, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %228 = stablehlo.add %225, %227 : tensor<4xf64>
    %229 = "stablehlo.select"(%16, %228, %224) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %230 = stablehlo.multiply %229, %176 : tensor<4xf64>
    %231 = stablehlo.constant dense<1.6536545626831027> : tensor<f64>
    %232 = stablehlo.broadcast_in_dim %231, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %233 = stablehlo.add %230, %232 : tensor<4xf64>
    %234 = "stablehlo.select"(%16, %233, %229) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %235 = stablehlo.multiply %234, %2 : tensor<4xf64>
    %236 = "stablehlo.select"(%6, %9, %235) : (tensor<4xi1>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %237 = stablehlo.constant dense<1.4142135623730951> : tensor<f64>
    %238 = stablehlo.broadcast_in_dim %237, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %239 = stablehlo.multiply %236, %238 : tensor<4xf64>
    return %239 : tensor<4xf64>
  }
  func.func private @_uniform_0.12(%arg0: tensor<2xui32>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<6xf64> {
    %0 = stablehlo.reshape %arg1 : (tensor<f64>) -> tensor<1xf64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf64>) -> tensor<1xf64>
    %2 = stablehlo.reshape %1 : (tensor<1xf64>) -> tensor<f64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %4 = "stablehlo.slice"(%arg0) <{start_indices = array<i64: 0>, limit_indices = array<i64: 1>, strides = array<i64: 1>}> : (tensor<2xui32>) -> tensor<1xui32>
    %5 = stablehlo.reshape %4 : (tensor<1xui32>) -> tensor<ui32>
    %6 = "stablehlo.slice"(%arg0) <{start_indices = array<i64: 1>, limit_indices = array<i64: 2>, strides = array<i64: 1>}> : (tensor<2xui32>) -> tensor<1xui32>
    %7 = stablehlo.reshape %6 : (tensor<1xui32>) -> tensor<ui32>
    %8 = stablehlo.iota dim = 0 : tensor<6xui64>
    %9 = stablehlo.constant dense<32> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<ui64>) -> tensor<6xui64>
    %11 = stablehlo.shift_right_logical %8, %10 : tensor<6xui64>
    %12 = stablehlo.convert %11 : (tensor<6xui64>) -> tensor<6xui32>
    %13 = stablehlo.convert %8 : (tensor<6xui64>) -> tensor<6xui32>
    %14 = func.call @threefry2x32_1.11(%5, %7, %12, %13) : (tensor<ui32>, tensor<ui32>, tensor<6xui32>, tensor<6xui32>) -> (tuple<tensor<6xui32>, tensor<6xui32>>)
    %15 = "stablehlo.get_tuple_element"(%14) <{index = 0 : i32}> : (tuple<tensor<6xui32>, tensor<6xui32>>) -> tensor<6xui32>
    %16 = "stablehlo.get_tuple_element"(%14) <{index = 1 : i32}> : (tuple<tensor<6xui32>, tensor<6xui32>>) -> tensor<6xui32>
    %17 = stablehlo.convert %15 : (tensor<6xui32>) -> tensor<6xui64>
    %18 = stablehlo.shift_left %17, %10 : tensor<6xui64>
    %19 = stablehlo.convert %16 : (tensor<6xui32>) -> tensor<6xui64>
    %20 = stablehlo.or %18, %19 : tensor<6xui64>
    %21 = stablehlo.constant dense<12> : tensor<ui64>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<ui64>) -> tensor<6xui64>
    %23 = stablehlo.shift_right_logical %20, %22 : tensor<6xui64>
    %24 = stablehlo.constant dense<4607182418800017408> : tensor<ui64>
    %25 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<ui64>) -> tensor<6xui64>
    %26 = stablehlo.or %23, %25 : tensor<6xui64>
    %27 = stablehlo.bitcast_convert %26 : (tensor<6xui64>) -> tensor<6xf64>
    %28 = stablehlo.constant dense<1.0> : tensor<f64>
    %29 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %30 = stablehlo.subtract %27, %29 : tensor<6xf64>
    %31 = stablehlo.reshape %arg2 : (tensor<f64>) -> tensor<1xf64>
    %32 = stablehlo.subtract %31, %0 : tensor<1xf64>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0] : (tensor<1xf64>) -> tensor<1xf64>
    %34 = stablehlo.reshape %33 : (tensor<1xf64>) -> tensor<f64>
    %35 = stablehlo.broadcast_in_dim %34, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %36 = stablehlo.multiply %30, %35 : tensor<6xf64>
    %37 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf64>) -> tensor<1xf64>
    %38 = stablehlo.reshape %37 : (tensor<1xf64>) -> tensor<f64>
    %39 = stablehlo.broadcast_in_dim %38, dims = [] : (tensor<f64>) -> tensor<6xf64>
    %40 = stablehlo.add %36, %39 : tensor<6xf64>
    %41 = stablehlo.maximum %3, %40 : tensor<6xf64>
    return %41 : tensor<6xf64>
  }
  func.func private @_uniform.5(%arg0: tensor<2xui32>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<4xf64> {
    %0 = stablehlo.reshape %arg1 : (tensor<f64>) -> tensor<1xf64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf64>) -> tensor<1xf64>
    %2 = stablehlo.reshape %1 : (tensor<1xf64>) -> tensor<f64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %4 = "stablehlo.slice"(%arg0) <{start_indices = array<i64: 0>, limit_indices = array<i64: 1>, strides = array<i64: 1>}> : (tensor<2xui32>) -> tensor<1xui32>
    %5 = stablehlo.reshape %4 : (tensor<1xui32>) -> tensor<ui32>
    %6 = "stablehlo.slice"(%arg0) <{start_indices = array<i64: 1>, limit_indices = array<i64: 2>, strides = array<i64: 1>}> : (tensor<2xui32>) -> tensor<1xui32>
    %7 = stablehlo.reshape %6 : (tensor<1xui32>) -> tensor<ui32>
    %8 = stablehlo.iota dim = 0 : tensor<4xui64>
    %9 = stablehlo.constant dense<32> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<ui64>) -> tensor<4xui64>
    %11 = stablehlo.shift_right_logical %8, %10 : tensor<4xui64>
    %12 = stablehlo.convert %11 : (tensor<4xui64>) -> tensor<4xui32>
    %13 = stablehlo.convert %8 : (tensor<4xui64>) -> tensor<4xui32>
    %14 = func.call @threefry2x32.4(%5, %7, %12, %13) : (tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tuple<tensor<4xui32>, tensor<4xui32>>)
    %15 = "stablehlo.get_tuple_element"(%14) <{index = 0 : i32}> : (tuple<tensor<4xui32>, tensor<4xui32>>) -> tensor<4xui32>
    %16 = "stablehlo.get_tuple_element"(%14) <{index = 1 : i32}> : (tuple<tensor<4xui32>, tensor<4xui32>>) -> tensor<4xui32>
    %17 = stablehlo.convert %15 : (tensor<4xui32>) -> tensor<4xui64>
    %18 = stablehlo.shift_left %17, %10 : tensor<4xui64>
    %19 = stablehlo.convert %16 : (tensor<4xui32>) -> tensor<4xui64>
    %20 = stablehlo.or %18, %19 : tensor<4xui64>
    %21 = stablehlo.constant dense<12> : tensor<ui64>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<ui64>) -> tensor<4xui64>
    %23 = stablehlo.shift_right_logical %20, %22 : tensor<4xui64>
    %24 = stablehlo.constant dense<4607182418800017408> : tensor<ui64>
    %25 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<ui64>) -> tensor<4xui64>
    %26 = stablehlo.or %23, %25 : tensor<4xui64>
    %27 = stablehlo.bitcast_convert %26 : (tensor<4xui64>) -> tensor<4xf64>
    %28 = stablehlo.constant dense<1.0> : tensor<f64>
    %29 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %30 = stablehlo.subtract %27, %29 : tensor<4xf64>
    %31 = stablehlo.reshape %arg2 : (tensor<f64>) -> tensor<1xf64>
    %32 = stablehlo.subtract %31, %0 : tensor<1xf64>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0] : (tensor<1xf64>) -> tensor<1xf64>
    %34 = stablehlo.reshape %33 : (tensor<1xf64>) -> tensor<f64>
    %35 = stablehlo.broadcast_in_dim %34, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %36 = stablehlo.multiply %30, %35 : tensor<4xf64>
    %37 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf64>) -> tensor<1xf64>
    %38 = stablehlo.reshape %37 : (tensor<1xf64>) -> tensor<f64>
    %39 = stablehlo.broadcast_in_dim %38, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %40 = stablehlo.add %36, %39 : tensor<4xf64>
    %41 = stablehlo.maximum %3, %40 : tensor<4xf64>
    return %41 : tensor<4xf64>
  }
  func.func private @threefry2x32_1.11(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<6xui32>, %arg3: tensor<6xui32>) -> (tuple<tensor<6xui32>, tensor<6xui32>>) {
    %0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<6xui32>
    %3 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %4 = stablehlo.add %arg3, %3 : tensor<6xui32>
    %5 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %6 = stablehlo.constant dense<466688986> : tensor<ui32>
    %7 = stablehlo.xor %5, %6 : tensor<ui32>
    %8 = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %9 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %10:9 = "stablehlo.while"(%0, %0, %2, %4, %arg1, %7, %arg0, %8, %9) ({
    ^bb0(%a11: tensor<i64>, %a12: tensor<i64>, %a13: tensor<6xui32>, %a14: tensor<6xui32>, %a15: tensor<ui32>, %a16: tensor<ui32>, %a17: tensor<ui32>, %a18: tensor<4xui32>, %a19: tensor<4xui32>):
      %20 = stablehlo.constant dense<5> : tensor<i64>
      %21 = stablehlo.compare LT, %a11, %20, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%21) : (tensor<i1>) -> ()
    }, {
    ^bb0(%a22: tensor<i64>, %a23: tensor<i64>, %a24: tensor<6xui32>, %a25: tensor<6xui32>, %a26: tensor<ui32>, %a27: tensor<ui32>, %a28: tensor<ui32>, %a29: tensor<4xui32>, %a30: tensor<4xui32>):
      %31 = stablehlo.constant dense<1> : tensor<i64>
      %32 = stablehlo.add %a22, %31 : tensor<i64>
      %33 = func.call @closed_call_2.8(%a23, %a24, %a25, %a26, %a27, %a28, %a29, %a30) : (tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>)
      %34 = "stablehlo.get_tuple_element"(%33) <{index = 0 : i32}> : (tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<i64>
      %35 = "stablehlo.get_tuple_element"(%33) <{index = 1 : i32}> : (tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<6xui32>
      %36 = "stablehlo.get_tuple_element"(%33) <{index = 2 : i32}> : (tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<6xui32>
      %37 = "stablehlo.get_tuple_element"(%33) <{index = 3 : i32}> : (tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<ui32>
      %38 = "stablehlo.get_tuple_element"(%33) <{index = 4 : i32}> : (tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<ui32>
      %39 = "stablehlo.get_tuple_element"(%33) <{index = 5 : i32}> : (tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<ui32>
      %40 = "stablehlo.get_tuple_element"(%33) <{index = 6 : i32}> : (tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<4xui32>
      %41 = "stablehlo.get_tuple_element"(%33) <{index = 7 : i32}> : (tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<4xui32>
      "stablehlo.return"(%32, %34, %35, %36, %37, %38, %39, %40, %41) : (tensor<i64>, tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> ()
    }) : (tensor<i64>, tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i64>, tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
    %42 = "stablehlo.tuple"(%10#2, %10#3) : (tensor<6xui32>, tensor<6xui32>) -> (tuple<tensor<6xui32>, tensor<6xui32>>)
    return %42 : tuple<tensor<6xui32>, tensor<6xui32>>
  }
  func.func private @threefry2x32.4(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<4xui32>, %arg3: tensor<4xui32>) -> (tuple<tensor<4xui32>, tensor<4xui32>>) {
    %0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<4xui32>
    %3 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %4 = stablehlo.add %arg3, %3 : tensor<4xui32>
    %5 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %6 = stablehlo.constant dense<466688986> : tensor<ui32>
    %7 = stablehlo.xor %5, %6 : tensor<ui32>
    %8 = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %9 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %10:9 = "stablehlo.while"(%0, %0, %2, %4, %arg1, %7, %arg0, %8, %9) ({
    ^bb0(%a11: tensor<i64>, %a12: tensor<i64>, %a13: tensor<4xui32>, %a14: tensor<4xui32>, %a15: tensor<ui32>, %a16: tensor<ui32>, %a17: tensor<ui32>, %a18: tensor<4xui32>, %a19: tensor<4xui32>):
      %20 = stablehlo.constant dense<5> : tensor<i64>
      %21 = stablehlo.compare LT, %a11, %20, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%21) : (tensor<i1>) -> ()
    }, {
    ^bb0(%a22: tensor<i64>, %a23: tensor<i64>, %a24: tensor<4xui32>, %a25: tensor<4xui32>, %a26: tensor<ui32>, %a27: tensor<ui32>, %a28: tensor<ui32>, %a29: tensor<4xui32>, %a30: tensor<4xui32>):
      %31 = stablehlo.constant dense<1> : tensor<i64>
      %32 = stablehlo.add %a22, %31 : tensor<i64>
      %33 = func.call @closed_call.1(%a23, %a24, %a25, %a26, %a27, %a28, %a29, %a30) : (tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>)
      %34 = "stablehlo.get_tuple_element"(%33) <{index = 0 : i32}> : (tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<i64>
      %35 = "stablehlo.get_tuple_element"(%33) <{index = 1 : i32}> : (tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<4xui32>
      %36 = "stablehlo.get_tuple_element"(%33) <{index = 2 : i32}> : (tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<4xui32>
      %37 = "stablehlo.get_tuple_element"(%33) <{index = 3 : i32}> : (tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<ui32>
      %38 = "stablehlo.get_tuple_element"(%33) <{index = 4 : i32}> : (tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<ui32>
      %39 = "stablehlo.get_tuple_element"(%33) <{index = 5 : i32}> : (tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<ui32>
      %40 = "stablehlo.get_tuple_element"(%33) <{index = 6 : i32}> : (tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<4xui32>
      %41 = "stablehlo.get_tuple_element"(%33) <{index = 7 : i32}> : (tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) -> tensor<4xui32>
      "stablehlo.return"(%32, %34, %35, %36, %37, %38, %39, %40, %41) : (tensor<i64>, tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> ()
    }) : (tensor<i64>, tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i64>, tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
    %42 = "stablehlo.tuple"(%10#2, %10#3) : (tensor<4xui32>, tensor<4xui32>) -> (tuple<tensor<4xui32>, tensor<4xui32>>)
    return %42 : tuple<tensor<4xui32>, tensor<4xui32>>
  }
  func.func private @closed_call_2.8(%arg0: tensor<i64>, %arg1: tensor<6xui32>, %arg2: tensor<6xui32>, %arg3: tensor<ui32>, %arg4: tensor<ui32>, %arg5: tensor<ui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) {
    %0 = stablehlo.constant dense<1> : tensor<i64>
    %1 = stablehlo.add %arg0, %0 : tensor<i64>
    %2 = stablehlo.add %arg1, %arg2 : tensor<6xui32>
    %3 = "stablehlo.slice"(%arg6) <{start_indices = array<i64: 0>, limit_indices = array<i64: 1>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %4 = stablehlo.reshape %3 : (tensor<1xui32>) -> tensor<ui32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %6 = stablehlo.shift_left %arg2, %5 : tensor<6xui32>
    %7 = stablehlo.constant dense<32> : tensor<ui32>
    %8 = stablehlo.subtract %7, %4 : tensor<ui32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %10 = stablehlo.shift_right_logical %arg2, %9 : tensor<6xui32>
    %11 = stablehlo.or %6, %10 : tensor<6xui32>
    %12 = stablehlo.xor %2, %11 : tensor<6xui32>
    %13 = stablehlo.add %2, %12 : tensor<6xui32>
    %14 = "stablehlo.slice"(%arg6) <{start_indices = array<i64: 1>, limit_indices = array<i64: 2>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %15 = stablehlo.reshape %14 : (tensor<1xui32>) -> tensor<ui32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %17 = stablehlo.shift_left %12, %16 : tensor<6xui32>
    %18 = stablehlo.subtract %7, %15 : tensor<ui32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %20 = stablehlo.shift_right_logical %12, %19 : tensor<6xui32>
    %21 = stablehlo.or %17, %20 : tensor<6xui32>
    %22 = stablehlo.xor %13, %21 : tensor<6xui32>
    %23 = stablehlo.add %13, %22 : tensor<6xui32>
    %24 = "stablehlo.slice"(%arg6) <{start_indices = array<i64: 2>, limit_indices = array<i64: 3>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %25 = stablehlo.reshape %24 : (tensor<1xui32>) -> tensor<ui32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %27 = stablehlo.shift_left %22, %26 : tensor<6xui32>
    %28 = stablehlo.subtract %7, %25 : tensor<ui32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %30 = stablehlo.shift_right_logical %22, %29 : tensor<6xui32>
    %31 = stablehlo.or %27, %30 : tensor<6xui32>
    %32 = stablehlo.xor %23, %31 : tensor<6xui32>
    %33 = stablehlo.add %23, %32 : tensor<6xui32>
    %34 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %35 = stablehlo.add %33, %34 : tensor<6xui32>
    %36 = "stablehlo.slice"(%arg6) <{start_indices = array<i64: 3>, limit_indices = array<i64: 4>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %37 = stablehlo.reshape %36 : (tensor<1xui32>) -> tensor<ui32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %39 = stablehlo.shift_left %32, %38 : tensor<6xui32>
    %40 = stablehlo.subtract %7, %37 : tensor<ui32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %42 = stablehlo.shift_right_logical %32, %41 : tensor<6xui32>
    %43 = stablehlo.or %39, %42 : tensor<6xui32>
    %44 = stablehlo.xor %33, %43 : tensor<6xui32>
    %45 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %46 = stablehlo.add %44, %45 : tensor<6xui32>
    %47 = stablehlo.add %arg0, %0 : tensor<i64>
    %48 = stablehlo.convert %47 : (tensor<i64>) -> tensor<ui32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %50 = stablehlo.add %46, %49 : tensor<6xui32>
    %51 = "stablehlo.tuple"(%1, %35, %50, %arg4, %arg5, %arg3, %arg7, %arg6) : (tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>)
    return %51 : tuple<tensor<i64>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>
  }
  func.func private @closed_call.1(%arg0: tensor<i64>, %arg1: tensor<4xui32>, %arg2: tensor<4xui32>, %arg3: tensor<ui32>, %arg4: tensor<ui32>, %arg5: tensor<ui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>) {
    %0 = stablehlo.constant dense<1> : tensor<i64>
    %1 = stablehlo.add %arg0, %0 : tensor<i64>
    %2 = stablehlo.add %arg1, %arg2 : tensor<4xui32>
    %3 = "stablehlo.slice"(%arg6) <{start_indices = array<i64: 0>, limit_indices = array<i64: 1>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %4 = stablehlo.reshape %3 : (tensor<1xui32>) -> tensor<ui32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %6 = stablehlo.shift_left %arg2, %5 : tensor<4xui32>
    %7 = stablehlo.constant dense<32> : tensor<ui32>
    %8 = stablehlo.subtract %7, %4 : tensor<ui32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %10 = stablehlo.shift_right_logical %arg2, %9 : tensor<4xui32>
    %11 = stablehlo.or %6, %10 : tensor<4xui32>
    %12 = stablehlo.xor %2, %11 : tensor<4xui32>
    %13 = stablehlo.add %2, %12 : tensor<4xui32>
    %14 = "stablehlo.slice"(%arg6) <{start_indices = array<i64: 1>, limit_indices = array<i64: 2>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %15 = stablehlo.reshape %14 : (tensor<1xui32>) -> tensor<ui32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %17 = stablehlo.shift_left %12, %16 : tensor<4xui32>
    %18 = stablehlo.subtract %7, %15 : tensor<ui32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %20 = stablehlo.shift_right_logical %12, %19 : tensor<4xui32>
    %21 = stablehlo.or %17, %20 : tensor<4xui32>
    %22 = stablehlo.xor %13, %21 : tensor<4xui32>
    %23 = stablehlo.add %13, %22 : tensor<4xui32>
    %24 = "stablehlo.slice"(%arg6) <{start_indices = array<i64: 2>, limit_indices = array<i64: 3>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %25 = stablehlo.reshape %24 : (tensor<1xui32>) -> tensor<ui32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %27 = stablehlo.shift_left %22, %26 : tensor<4xui32>
    %28 = stablehlo.subtract %7, %25 : tensor<ui32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %30 = stablehlo.shift_right_logical %22, %29 : tensor<4xui32>
    %31 = stablehlo.or %27, %30 : tensor<4xui32>
    %32 = stablehlo.xor %23, %31 : tensor<4xui32>
    %33 = stablehlo.add %23, %32 : tensor<4xui32>
    %34 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %35 = stablehlo.add %33, %34 : tensor<4xui32>
    %36 = "stablehlo.slice"(%arg6) <{start_indices = array<i64: 3>, limit_indices = array<i64: 4>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %37 = stablehlo.reshape %36 : (tensor<1xui32>) -> tensor<ui32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %39 = stablehlo.shift_left %32, %38 : tensor<4xui32>
    %40 = stablehlo.subtract %7, %37 : tensor<ui32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %42 = stablehlo.shift_right_logical %32, %41 : tensor<4xui32>
    %43 = stablehlo.or %39, %42 : tensor<4xui32>
    %44 = stablehlo.xor %33, %43 : tensor<4xui32>
    %45 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %46 = stablehlo.add %44, %45 : tensor<4xui32>
    %47 = stablehlo.add %arg0, %0 : tensor<i64>
    %48 = stablehlo.convert %47 : (tensor<i64>) -> tensor<ui32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %50 = stablehlo.add %46, %49 : tensor<4xui32>
    %51 = "stablehlo.tuple"(%1, %35, %50, %arg4, %arg5, %arg3, %arg7, %arg6) : (tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>)
    return %51 : tuple<tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>>
  }
}
